import Router from '@koa/router';
import type { Context } from 'koa';
import { unsubscribeEmail } from '@app/db/email-unsubscribe';
import { isUnsubscribeToken } from '@app/runtime/email/unsubscribe-token';
import { COMPANY } from '@app/runtime/company';
import { escapeHtml as escape } from '@app/shared/escape-html';
import { EMAIL_UNSUBSCRIBE_PATH } from '@app/shared/routes';
import type { ModuleDeps } from '../registry';


function page(ctx: Context, status: number, title: string, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('cache-control', 'no-store');
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} · ${escape(COMPANY.name)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

/** The address and token of the link, when the token is the address's. */
function linkOf(ctx: Context, secret: string): string | null {
  const address = typeof ctx.query.a === 'string' ? ctx.query.a.toLowerCase() : '';
  const token = typeof ctx.query.t === 'string' ? ctx.query.t : '';
  return address && token && isUnsubscribeToken(secret, address, token) ? address : null;
}

/**
 * The unsubscribe link of reminders and rating requests (docs/email.md#unsubscribe). Opening it
 * asks to confirm (link checkers open every link: a GET changes nothing); the confirm button, or
 * the mailbox's own one-click button (RFC 8058: a POST of "List-Unsubscribe=One-Click", no
 * cookie), stops those two kinds of e-mail to the address. Confirmations, changes and invoices
 * still come. No session: the link's token, an HMAC of the address, is its authority.
 */
export function emailUnsubscribeRoutes(deps: Pick<ModuleDeps, 'db' | 'auth' | 'now'>): Router {
  const router = new Router();
  const invalid = (ctx: Context) => page(ctx, 400, 'This link does not work', `<p>Its address or code is not one we sent. Call us at ${escape(COMPANY.phone)} and we stop the e-mails for you.</p>`);
  router.get(EMAIL_UNSUBSCRIBE_PATH, (ctx) => {
    const address = linkOf(ctx, deps.auth.otpSecret);
    if (!address) return invalid(ctx);
    page(
      ctx,
      200,
      'Stop reminders and rating requests?',
      `<p>We will stop e-mailing reminders and rating requests to <strong>${escape(address)}</strong>. Confirmations, changes to your cleanings and invoices still come.</p>` +
        `<form method="post" action="${escape(ctx.originalUrl)}"><button type="submit">Unsubscribe</button></form>`,
    );
  });
  router.post(EMAIL_UNSUBSCRIBE_PATH, async (ctx) => {
    const address = linkOf(ctx, deps.auth.otpSecret);
    if (!address) return invalid(ctx);
    // Idempotent: a second click, or the mailbox's post after the customer's, keeps the first time.
    await unsubscribeEmail(deps.db, address, deps.now());
    page(ctx, 200, 'You are unsubscribed', `<p>No more reminders or rating requests go to <strong>${escape(address)}</strong>. Confirmations, changes to your cleanings and invoices still come.</p>`);
  });
  return router;
}
