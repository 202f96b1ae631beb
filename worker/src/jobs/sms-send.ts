import type { z } from 'zod';
import type { Db } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { statusCallbackUrlFor } from '@app/shared/sms-delivery';
import { loginCodeSms } from '@app/shared/texts';
import { loginCodeFor } from '@app/runtime/sms/login-code';
import { OUTBOX_EVENTS } from '@app/runtime/outbox/events';
import { noticeText, type NoticeText } from '../sms/customer-notice';
import { findOptOut, recordOptOut } from '@app/db/sms-opt-out';
import { findDeliveryHold, recordDeliveryHold } from '@app/db/sms-delivery-hold';
import { declinedTextsOnBookingForm } from '@app/db/sms-consent';
import { TEXTS_NOT_AGREED_REASON } from '@app/shared/sms-consent';
import { HELD_TEXT_REASON, isHoldingError } from '@app/shared/sms-delivery-hold';
import { findSmsMessage, recordAccepted, recordCanceled, recordRefused } from '../sms/sms-message-repository';
import { classifyTwilioError, sendSms, TWILIO_VALIDITY_PERIOD, type TwilioClient } from '../sms/twilio-client';
import { defineJob } from './job';
import { failureToError } from './job-errors';

/** A text's payload (runtime/outbox/events.ts). */
export const smsPayloadSchema = OUTBOX_EVENTS['sms.send'].payload;
export type SmsPayload = z.infer<typeof smsPayloadSchema>;

/**
 * The text of a message: its body, the login code's text with the code derived from its
 * challenge, or a customer notice written from its deal (or why it is no longer sent).
 */
async function bodyOf(payload: SmsPayload, deps: Pick<SmsSendDeps, 'db' | 'otpSecret' | 'portalUrl'>): Promise<NoticeText> {
  if ('body' in payload) return { text: payload.body };
  if ('loginCode' in payload) return { text: loginCodeSms(COMPANY.name, loginCodeFor(deps.otpSecret, payload.loginCode.challengeId), payload.loginCode.minutes) };
  return noticeText(deps.db, payload.notice, deps.portalUrl);
}

/** Twilio's error for a send to a recipient who replied STOP to our sender. */
const TWILIO_UNSUBSCRIBED = 21610;

/** Why a text ended canceled (its row's error message, shown to staff). */
const SKIP_REASONS = {
  expired: 'Not sent: the login code expired before it could go out.',
  opted_out: 'Not sent: the phone opted out of texts (STOP).',
  not_agreed: TEXTS_NOT_AGREED_REASON,
  held: HELD_TEXT_REASON,
  gone: 'Not sent: the cleaning it was about no longer exists.',
  stale: 'Not sent: what it was about changed before it was due.',
} as const;

/**
 * The ValidityPeriod of a text that is useless after `notAfter`: its remaining life in whole
 * seconds, so Twilio drops it (failed, 30036) rather than deliver it late from a backlog. Null
 * when too little is left to be worth sending (Twilio recommends more than 5 seconds).
 */
export function validityPeriodFor(notAfter: string, now: Date): number | null {
  const seconds = Math.floor((Date.parse(notAfter) - now.getTime()) / 1000);
  if (seconds < TWILIO_VALIDITY_PERIOD.recommendedMin) return null;
  return Math.min(seconds, TWILIO_VALIDITY_PERIOD.max);
}

export interface SmsSendDeps {
  db: Db;
  /** The OTP key login codes are derived under (OTP_SECRET, the api's value). */
  otpSecret: string;
  twilio: TwilioClient;
  from: string;
  /** The api's public status-callback URL; unset: Twilio is not asked to report delivery. */
  statusCallbackUrl?: string | undefined;
  /** Where customers sign in (PUBLIC_URL + /login), for the links in their texts. */
  portalUrl: string;
  now?: () => Date;
}

/**
 * Sends one SMS through Twilio. Retries with backoff on provider failures, but only within
 * the message's lifetime: once `notAfter` has (nearly) passed, the job completes without sending,
 * and what is sent carries its remaining life as ValidityPeriod, so Twilio never delivers it late.
 * The provider's message id is stored on the message's row before the job completes, and a
 * retry that finds it there does not send again. The provider's message id is the job's result.
 */
export function smsSendJob(deps: SmsSendDeps) {
  const now = deps.now ?? (() => new Date());
  return defineJob('sms.send', async (payload, { log }) => {
      const { messageId } = payload;
      const existing = messageId ? await findSmsMessage(deps.db, messageId) : null;
      if (existing?.sid) {
        // An earlier attempt sent it and stopped before completing (crash, lost lock).
        log.info({ sid: existing.sid, messageId }, 'sms already sent; not sending again');
        return { sid: existing.sid };
      }
      /** Ends the text unsent: its row (shown to staff) says why, the log says it once. */
      const skip = async <K extends keyof typeof SKIP_REASONS>(skipped: K, why: string) => {
        if (messageId && existing) await recordCanceled(deps.db, messageId, SKIP_REASONS[skipped], now());
        log.info({ messageId, skipped }, `sms not sent: ${why}`);
        return { skipped };
      };
      const expired = () => skip('expired', 'expired before it could go out');
      // Worth sending only with time left to read and type it.
      if (payload.notAfter && validityPeriodFor(payload.notAfter, now()) === null) return expired();
      // The phone replied STOP (or Twilio said so): nothing goes to it, login codes included.
      if (await findOptOut(deps.db, payload.to)) return skip('opted_out', 'the phone opted out');
      // Login codes always go (once not opted out): whoever asks for one is there, and the
      // login step's statement covers it.
      const loginCode = 'loginCode' in payload || existing?.purpose === 'login_code';
      // The phone's newest booking left the text box unticked, so nothing else goes to it until a
      // later booking ticks it. A phone never booked on our form (the office's HubSpot bookings,
      // consent gathered by phone) is not held back here.
      if (!loginCode && (await declinedTextsOnBookingForm(deps.db, payload.to))) {
        return skip('not_agreed', 'the customer did not agree to texts on the booking form');
      }
      // Texts to this phone failed as a landline or filtered (30006/30007): only login codes go,
      // since whoever asks for one is there to see whether it arrives.
      if (!loginCode && (await findDeliveryHold(deps.db, payload.to))) return skip('held', 'texts to the phone failed as undeliverable');
      const statusCallback = messageId && existing && deps.statusCallbackUrl ? statusCallbackUrlFor(deps.statusCallbackUrl, messageId) : undefined;
      const written = await bodyOf(payload, deps);
      if ('skipped' in written) return skip(written.skipped, 'the cleaning it was about is gone or has changed since');
      const body = written.text;
      // Computed as it goes out: the code's remaining life, not the life it had when written.
      const validityPeriod = payload.notAfter ? validityPeriodFor(payload.notAfter, now()) : undefined;
      if (validityPeriod === null) return expired();
      let sent: { sid: string; status: string };
      try {
        sent = await sendSms(deps.twilio, { to: payload.to, from: deps.from, body, ...(statusCallback && { statusCallback }), ...(validityPeriod !== undefined && { validityPeriod }) });
      } catch (error) {
        const failure = classifyTwilioError(error);
        if (failure.kind === 'permanent') {
          if (messageId && existing) await recordRefused(deps.db, messageId, { code: failure.code, message: failure.message }, now());
          // Twilio knows the phone unsubscribed from our sender: remember it, so nothing more is tried.
          if (failure.code === TWILIO_UNSUBSCRIBED) await recordOptOut(deps.db, payload.to, { source: 'provider' }, now());
          // A landline or filtered answer at create holds the phone back as a delivery report would.
          if (isHoldingError(failure.code)) await recordDeliveryHold(deps.db, payload.to, { errorCode: failure.code, purpose: existing?.purpose ?? null, textCreatedAt: null }, now());
          throw failureToError({ kind: 'permanent', status: failure.status, message: `${failure.code ?? ''} ${failure.message}` }, 'send sms');
        }
        throw failureToError(failure, 'send sms');
      }
      if (messageId && existing) await recordAccepted(deps.db, messageId, sent.sid, now());
      log.info({ sid: sent.sid, status: sent.status, messageId }, 'sms sent');
      return { sid: sent.sid };
  });
}
