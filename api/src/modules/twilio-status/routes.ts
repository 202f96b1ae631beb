import Router from '@koa/router';
import type { Context } from 'koa';
import twilio from 'twilio';
import { TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';
import { STATUS_CALLBACK_MESSAGE_PARAM } from '@app/shared/sms-delivery';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../registry';
import { readFormParams } from './read-form';
import { recordStatusCallback } from './service';

/** How Twilio status callbacks are verified. */
export interface TwilioStatusSettings {
  /** The key Twilio signs with: the account's auth token. */
  authToken: string;
  /** The public URL Twilio calls (without our query); null: delivery tracking is off, every callback is refused. */
  callbackUrl: string | null;
}

/** Without settings (tests that build the app themselves): the emulator's token and the dev api's address. */
export const DEV_TWILIO_STATUS: TwilioStatusSettings = {
  authToken: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
  callbackUrl: EMULATOR_DEFAULTS.TWILIO_STATUS_CALLBACK_URL,
};

const signatureRefused = () => new AppError(403, 'signature_invalid', 'The request signature is missing or invalid.');

/**
 * The URL Twilio signed: the configured public one (never built from the Host header, which a
 * client or a proxy can set) with the query string exactly as it arrived.
 */
function signedUrl(callbackUrl: string, ctx: Context): string {
  const base = new URL(callbackUrl);
  return `${base.origin}${base.pathname}${ctx.querystring ? `?${ctx.querystring}` : ''}`;
}

/**
 * POST /api/twilio/status: Twilio's status callbacks for the texts the worker sent. Refused with
 * 403, before anything is read from the database, unless X-Twilio-Signature is Twilio's
 * signature of the configured URL and these parameters; otherwise 200, whatever it changed.
 */
export function twilioStatusRoutes(deps: ModuleDeps): Router {
  const settings = deps.twilioStatus ?? DEV_TWILIO_STATUS;
  const router = new Router();

  router.post(TWILIO_STATUS_CALLBACK_PATH, async (ctx) => {
    const signature = ctx.get('x-twilio-signature');
    if (!signature || !settings.callbackUrl) throw signatureRefused();
    const params = await readFormParams(ctx);
    if (!twilio.validateRequest(settings.authToken, signature, signedUrl(settings.callbackUrl, ctx), params)) throw signatureRefused();

    const messageId = typeof ctx.query[STATUS_CALLBACK_MESSAGE_PARAM] === 'string' ? ctx.query[STATUS_CALLBACK_MESSAGE_PARAM] : null;
    const outcome = await recordStatusCallback(deps, params, messageId);
    if (outcome.kind === 'recorded' && (outcome.status === 'undelivered' || outcome.status === 'failed')) {
      ctx.state.log.warn(
        { smsMessageId: outcome.message.id, purpose: outcome.message.purpose, sid: outcome.sid, status: outcome.status, errorCode: outcome.errorCode, errorMessage: outcome.errorMessage },
        'text message not delivered',
      );
    } else if (outcome.kind === 'ignored') {
      ctx.state.log.debug({ sid: outcome.sid, twilioStatus: outcome.twilioStatus }, 'status callback changed nothing');
    }
    ctx.status = 200;
    ctx.body = '';
  });

  return router;
}
