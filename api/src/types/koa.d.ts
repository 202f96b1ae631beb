import type { Logger } from 'pino';

declare module 'koa' {
  interface DefaultState {
    /** Set by the request-context middleware for every request. */
    requestId: string;
    log: Logger;
  }
}
