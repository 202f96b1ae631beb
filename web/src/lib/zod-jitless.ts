import { config } from 'zod/v4/core';

/**
 * What the web app gets for `import … from 'zod'` (an alias in web/vite.config.ts): zod, told
 * before any schema exists that it may not compile parsers with `new Function`. The
 * Content-Security-Policy allows no eval (api/src/middleware/security-headers.ts), so zod's own
 * probe would log a violation on the first parse. Going through the import means zod is
 * configured exactly when something uses it, and pages without a form never download it.
 */
config({ jitless: true });

export * from 'zod/v4';
