import { z } from 'zod';

/**
 * zod compiles fast parsers with `new Function` when it may; the Content-Security-Policy allows
 * no eval (api/src/middleware/security-headers.ts), so each first parse would log a violation
 * before zod fell back. Tell it up front: same results, no eval attempted.
 */
z.config({ jitless: true });
