import Router from '@koa/router';
import { TWILIO_INBOUND_PATH } from '@app/shared/routes';
import { readSignedTwilioForm } from '../../middleware/twilio-request';
import type { ModuleDeps } from '../registry';
import { receiveText } from './service';

/** How texts to our number reach us. */
export interface TwilioInboundSettings {
  /** The key Twilio signs with: the account's auth token. */
  authToken: string;
  /** The public URL set as the number's "A message comes in" webhook; null: every request is refused. */
  webhookUrl: string | null;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A TwiML answer: one reply text, or none. */
function twiml(reply: string | null): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${escapeXml(reply)}</Message>` : ''}</Response>`;
}

/**
 * POST /api/twilio/inbound: a text someone sent to our number. Refused with 403 unless
 * X-Twilio-Signature is Twilio's signature of the configured URL and these parameters; answered
 * with TwiML (a reply to HELP, else nothing: staff answer other texts from the customer's thread,
 * and the after-hours answer goes through the outbox like every other text we send).
 */
export function twilioInboundRoutes(deps: ModuleDeps): Router {
  const settings = deps.twilioInbound;
  const router = new Router();

  router.post(TWILIO_INBOUND_PATH, async (ctx) => {
    const params = await readSignedTwilioForm(ctx, settings.authToken, settings.webhookUrl);
    const outcome = await receiveText(deps, params);
    // Which keyword, never the words or the number: the log is not a place for what customers write.
    if (!outcome.fresh) ctx.state.log.info('text received again (Twilio retried its webhook); already kept');
    else if (outcome.keyword) ctx.state.log.info({ keyword: outcome.keyword }, 'sms keyword received');
    else if (outcome.rating !== null) ctx.state.log.info({ rating: outcome.rating }, 'rating received for a cleaning');
    else ctx.state.log.info({ afterHours: outcome.afterHours }, 'text received on our number (kept for the staff thread)');
    // Wakes the worker's relay for the answers and the HubSpot log; the answer to Twilio never waits on it.
    if (outcome.afterHours || outcome.rating !== null || outcome.hubspotLog) deps.outbox.notify();
    ctx.type = 'text/xml';
    ctx.body = twiml(outcome.reply);
  });

  return router;
}
