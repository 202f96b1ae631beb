import type { Logger } from 'pino';

declare module 'koa' {
  interface DefaultState {
    /** Set by the request-context middleware for every request. */
    requestId: string;
    log: Logger;
    /** Set by the session middleware: signing in needs HTTPS here (production). */
    signInNeedsHttps?: boolean;
    /** Set by the session middleware: the admins' e-mails (lower case). */
    staffAdmins?: readonly string[];
  }
}
