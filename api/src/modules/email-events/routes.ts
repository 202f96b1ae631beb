import Router from '@koa/router';
import type { Context } from 'koa';
import { EMAIL_EVENTS_PATH } from '@app/shared/routes';
import { errors } from '../../errors';
import type { ModuleDeps } from '../registry';
import { mailgunWebhookSchema, readEmailEvent } from './mailgun-event';
import { recordEmailEvent } from './service';
import { verifyWebhookSignature } from './webhook-signature';

/** How the e-mail provider's webhook is verified. */
export interface EmailEventsSettings {
  /** The provider's webhook signing key (EMAIL_WEBHOOK_SIGNING_KEY). */
  signingKey: string;
}

/** A report is a few kilobytes (the message's headers included); anything near this is not one. */
const MAX_BODY_BYTES = 256 * 1024;

/** The JSON body as sent: this path skips the app's JSON parser (webhook-paths.ts), so it is read here. */
async function readJson(ctx: Context): Promise<unknown> {
  if (!ctx.is('application/json')) throw errors.unsupportedMediaType();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw errors.payloadTooLarge();
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw errors.badRequest('The request body is not valid JSON.');
  }
}

/**
 * POST /api/email/events: the e-mail provider's webhook (Mailgun's format, docs/email.md#bounces-and-complaints)
 * for hard bounces, complaints and deliveries. Refused with 401, changing nothing, unless the
 * body's signature is the provider's under the signing key, at most 5 minutes old, with a token
 * not used before; 400 naming the field when the signed body lacks what its event needs;
 * otherwise 200, whatever it changed (an event we do not act on included, so the provider does
 * not retry it).
 */
export function emailEventsRoutes(deps: Pick<ModuleDeps, 'db' | 'now' | 'emailEvents'>): Router {
  const router = new Router();
  router.post(EMAIL_EVENTS_PATH, async (ctx) => {
    const body = mailgunWebhookSchema.parse(await readJson(ctx));
    const signedAt = verifyWebhookSignature(deps.emailEvents.signingKey, body.signature, deps.now());
    const event = readEmailEvent(body['event-data'], signedAt);
    const outcome = await recordEmailEvent(deps.db, { token: body.signature.token, signedAt }, event);
    if (outcome.kind === 'bounced' || outcome.kind === 'complained') {
      const why = event.kind === 'bounced' ? event.detail : undefined;
      ctx.state.log.warn({ emailId: outcome.emailId, suppressed: outcome.suppressed, why }, outcome.kind === 'bounced' ? 'e-mail bounced: the address gets no more e-mail' : 'e-mail marked as spam: the address gets no more e-mail');
    } else if (outcome.kind === 'delivered' && outcome.resumed) {
      ctx.state.log.info({ emailId: outcome.emailId }, 'e-mail delivered to an address that had bounced: it gets e-mail again');
    }
    ctx.status = 200;
    ctx.body = { received: outcome.kind };
  });
  return router;
}
