import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('the logger', () => {
  it("redacts credentials, cookies and a request body's entry code wherever a logged object carries them", () => {
    const lines: string[] = [];
    const log = createLogger({ service: 'test', level: 'info', format: 'json', destination: { write: (line: string) => void lines.push(line) } });
    log.info({ req: { headers: { cookie: 'sid=abc', authorization: 'Bearer t0k' }, body: { label: 'Back door', value: 'code-4417' } } }, 'request');
    log.info({ body: { value: 'code-4417' } }, 'body');
    log.info({ request: { body: { value: 'code-4417' } } }, 'request body');
    log.info({ ctx: { body: { value: 'code-4417' } }, user: { password: 'hunter2' } }, 'nested');
    const text = lines.join('\n');
    for (const secret of ['code-4417', 'sid=abc', 't0k', 'hunter2']) expect(text).not.toContain(secret);
    expect(text).toContain('Back door');
    expect(text).toContain('[Redacted]');
  });
});
