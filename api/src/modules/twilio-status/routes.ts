import Router from '@koa/router';
import { TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';
import { STATUS_CALLBACK_MESSAGE_PARAM } from '@app/shared/sms-delivery';
import { readSignedTwilioForm } from '../../middleware/twilio-request';
import type { ModuleDeps } from '../registry';
import { recordStatusCallback } from './service';

/** How Twilio status callbacks are verified. */
export interface TwilioStatusSettings {
  /** The key Twilio signs with: the account's auth token. */
  authToken: string;
  /** The public URL Twilio calls (without our query); null: delivery tracking is off, every callback is refused. */
  callbackUrl: string | null;
}

/**
 * POST /api/twilio/status: Twilio's status callbacks for the texts the worker sent. Refused with
 * 403, before anything is read from the database, unless X-Twilio-Signature is Twilio's
 * signature of the configured URL and these parameters; otherwise 200, whatever it changed.
 */
export function twilioStatusRoutes(deps: ModuleDeps): Router {
  const settings = deps.twilioStatus;
  const router = new Router();

  router.post(TWILIO_STATUS_CALLBACK_PATH, async (ctx) => {
    const params = await readSignedTwilioForm(ctx, settings.authToken, settings.callbackUrl);

    const messageId = typeof ctx.query[STATUS_CALLBACK_MESSAGE_PARAM] === 'string' ? ctx.query[STATUS_CALLBACK_MESSAGE_PARAM] : null;
    const outcome = await recordStatusCallback(deps, params, messageId);
    if (outcome.kind === 'recorded' && (outcome.status === 'undelivered' || outcome.status === 'failed')) {
      ctx.state.log.warn(
        { smsMessageId: outcome.message.id, purpose: outcome.message.purpose, sid: outcome.sid, status: outcome.status, errorCode: outcome.errorCode, errorMessage: outcome.errorMessage },
        'text message not delivered',
      );
    }
    if (outcome.kind === 'recorded' && outcome.hold) {
      ctx.state.log.info(
        { smsMessageId: outcome.message.id, errorCode: outcome.errorCode, hold: outcome.hold },
        outcome.hold === 'held' ? 'phone held back from texts but login codes' : 'phone takes texts again',
      );
    } else if (outcome.kind === 'ignored') {
      ctx.state.log.debug({ sid: outcome.sid, twilioStatus: outcome.twilioStatus }, 'status callback changed nothing');
    }
    ctx.status = 200;
    ctx.body = '';
  });

  return router;
}
