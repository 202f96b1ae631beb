import { z } from 'zod';
import { classifyTwilioError, sendSms, type TwilioClient } from '../sms/twilio-client';
import { defineJob } from './job';
import { failureToError } from './job-errors';

export const smsPayloadSchema = z.object({
  to: z.string().regex(/^\+1\d{10}$/),
  body: z.string().min(1).max(1600),
  /** A login code is useless after it expires: never send it later than this (ISO instant). */
  notAfter: z.iso.datetime().optional(),
});

/**
 * Sends one SMS through Twilio. Retries with backoff on provider failures, but only within
 * the message's lifetime: once `notAfter` has passed, the job completes without sending.
 * The provider's message id is the job's result.
 */
export function smsSendJob(deps: { twilio: TwilioClient; from: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return defineJob({
    name: 'sms.send',
    queue: 'sms',
    payloadSchema: smsPayloadSchema,
    async process(payload, { log }) {
      if (payload.notAfter && now().getTime() >= Date.parse(payload.notAfter)) {
        log.info({ notAfter: payload.notAfter }, 'sms not sent: expired before it could go out');
        return { skipped: 'expired' as const };
      }
      try {
        const { sid, status } = await sendSms(deps.twilio, { to: payload.to, from: deps.from, body: payload.body });
        log.info({ sid, status }, 'sms sent');
        return { sid };
      } catch (error) {
        const failure = classifyTwilioError(error);
        throw failureToError(failure.kind === 'permanent' ? { kind: 'permanent', status: failure.status, message: `${failure.code ?? ''} ${failure.message}` } : failure, 'send sms');
      }
    },
  });
}
