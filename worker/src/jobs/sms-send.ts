import type { z } from 'zod';
import type { Db } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { statusCallbackUrlFor } from '@app/shared/sms-delivery';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { tipOfferWords, tipsOpen } from '@app/shared/tips';
import { tipUrl } from '@app/runtime/tips/tip-token';
import { loginCodeSms, portalInviteSms } from '@app/shared/texts';
import { loginCodeFor } from '@app/runtime/sms/login-code';
import { OUTBOX_EVENTS } from '@app/runtime/outbox/events';
import { ratingRequestedSince } from '../crm/rating-repository';
import { loggedInHubSpot } from '../crm/text-communications';
import { noticeText, type NoticeText } from '../sms/customer-notice';
import { findOptOut, recordOptOut } from '@app/db/sms-opt-out';
import { findDeliveryHold, recordDeliveryHold } from '@app/db/sms-delivery-hold';
import { findBookingTextsChoice } from '@app/db/sms-consent';
import { textedUsSince } from '@app/db/conversations';
import { afterHoursAnswer } from '@app/shared/after-hours';
import { daysBefore, isUnhappyRating, RATING_RULES, ratingApologySms, ratingThanksSms, reviewLinkOf } from '@app/shared/cleaning-rating';
import { namesRatingRequests, TEXTS_NOT_AGREED_REASON, TEXTS_TURNED_OFF_REASON } from '@app/shared/sms-consent';
import { HELD_TEXT_REASON, isHoldingError } from '@app/shared/sms-delivery-hold';
import { findSmsMessage, recordAccepted, recordCanceled, recordRefused, type SmsMessageState } from '../sms/sms-message-repository';
import { classifyTwilioError, sendSms, TWILIO_VALIDITY_PERIOD, type TwilioClient } from '../sms/twilio-client';
import { defineJob } from './job';
import { failureToError } from './job-errors';

/** A text's payload (runtime/outbox/events.ts): its message row, and a customer notice's subject. */
export const smsPayloadSchema = OUTBOX_EVENTS['sms.send'].payload;
export type SmsPayload = z.infer<typeof smsPayloadSchema>;

/**
 * The words of a message, written from its row as it is now: the login code's text with the
 * code derived from its challenge, the staff invite with the portal's link, or a customer notice
 * written from its deal and subject (or why it is no longer sent). Nothing of the words comes from
 * the job: they are all ours.
 */
async function bodyOf(
  message: SmsMessageState,
  subject: SmsPayload['subject'],
  deps: Pick<SmsSendDeps, 'db' | 'otpSecret' | 'portalUrl'>,
  now: Date,
): Promise<NoticeText> {
  switch (message.purpose) {
    case 'login_code': {
      // Checked before (expired otherwise); the code's life in minutes, as the api set it.
      const challenge = message.otpChallenge!;
      const minutes = Math.max(1, Math.round((challenge.expiresAt.getTime() - challenge.createdAt.getTime()) / 60_000));
      return { text: loginCodeSms(COMPANY.name, loginCodeFor(deps.otpSecret, challenge.id), minutes) };
    }
    case 'staff_invite':
      return { text: portalInviteSms(COMPANY.name, deps.portalUrl) };
    case 'staff_reply':
      // A staff member's words, kept on the row when they were written (never from the job).
      return message.body ? { text: message.body } : { skipped: 'gone' };
    case 'after_hours_reply': {
      // Written from the moment the customer's text arrived; once the office is open again its
      // "we will reply tomorrow at 8 AM" would be wrong, and staff answer themselves.
      const answer = afterHoursAnswer(COMPANY, message.createdAt);
      return answer && answer.reopens.getTime() > now.getTime() ? { text: answer.words } : { skipped: 'stale' };
    }
    case 'rating_reply': {
      // The answer to the rating the customer texted: thanks and the review link for a 4 or 5, an apology for 1 to 3.
      const rated = message.dealId ? await deps.db.cleaningRating.findUnique({ where: { dealId: message.dealId }, select: { rating: true } }) : null;
      if (!rated?.rating) return { skipped: 'gone' };
      if (isUnhappyRating(rated.rating)) return { text: ratingApologySms(COMPANY.name) };
      // A happy customer may also thank the cleaner with a tip (docs/payments.md#tips).
      return { text: [ratingThanksSms(COMPANY.name, reviewLinkOf(COMPANY)), await tipOffer(deps, message.dealId!, now)].filter(Boolean).join(' ') };
    }
    default:
      // The deal is gone (its row's link was cleared with it).
      if (!message.dealId) return { skipped: 'gone' };
      return noticeText(deps.db, { kind: message.purpose, dealId: message.dealId, ...subject }, deps.portalUrl, now, tipLinkOf(deps));
  }
}

/** The site's address the portal's sign-in link is on (PUBLIC_URL). */
const siteUrlOf = (portalUrl: string) => (portalUrl.endsWith(CLIENT_ROUTES.login) ? portalUrl.slice(0, -CLIENT_ROUTES.login.length) : new URL(portalUrl).origin);

/** A cleaning's tip page, on the site the texts link to. */
const tipLinkOf = (deps: Pick<SmsSendDeps, 'otpSecret' | 'portalUrl'>) => (dealId: string) => tipUrl(siteUrlOf(deps.portalUrl), deps.otpSecret, dealId);

/** "Thank Maria with a tip: <link>" for a cleaning that can be tipped now, else null. */
async function tipOffer(deps: Pick<SmsSendDeps, 'db' | 'otpSecret' | 'portalUrl'>, dealId: string, now: Date): Promise<string | null> {
  const deal = await deps.db.deal.findUnique({ where: { id: dealId }, select: { stageId: true, visitOutcome: true, ownerId: true, scheduledAt: true, owner: { select: { firstName: true } } } });
  if (!deal || !tipsOpen(deal, now)) return null;
  return tipOfferWords(deal.owner?.firstName ?? null, tipLinkOf(deps)(dealId));
}

/** Texts that answer a text the customer sent us. */
const ANSWERS: ReadonlySet<SmsMessageState['purpose']> = new Set(['staff_reply', 'after_hours_reply', 'rating_reply']);

/**
 * Whether the sending rule holds the text back: the phone's newest choice said no (the booking's
 * text box unticked, or texts turned off in the portal), and (for an answer) the phone has not
 * texted us since.
 */
async function declinedTexts(db: Db, message: SmsMessageState): Promise<'not_agreed' | 'turned_off' | 'rating_not_named' | null> {
  const choice = await findBookingTextsChoice(db, message.to);
  if (!choice) return null;
  if (!choice.textsAgreed) {
    if (ANSWERS.has(message.purpose) && (await textedUsSince(db, message.to, choice.agreedAt))) return null;
    return choice.form === 'portal' ? 'turned_off' : 'not_agreed';
  }
  // Agreed under words that did not name the rating request: asked under those words only.
  return message.purpose === 'rating_request' && !namesRatingRequests(choice.version) ? 'rating_not_named' : null;
}

/** Twilio's error for a send to a recipient who replied STOP to our sender. */
const TWILIO_UNSUBSCRIBED = 21610;

/** Why a text ended canceled (its row's error message, shown to staff). */
const SKIP_REASONS = {
  expired: 'Not sent: the login code expired before it could go out.',
  opted_out: 'Not sent: the phone opted out of texts (STOP).',
  not_agreed: TEXTS_NOT_AGREED_REASON,
  turned_off: TEXTS_TURNED_OFF_REASON,
  rating_not_named: 'Not sent: the customer agreed to texts before our terms named rating requests.',
  held: HELD_TEXT_REASON,
  gone: 'Not sent: the cleaning it was about no longer exists.',
  stale: 'Not sent: what it was about changed before it was due.',
  recent_rating: 'Not sent: the phone had a rating request in the last 30 days.',
} as const;

/**
 * The ValidityPeriod of a text that is useless after `notAfter`: its remaining life in whole
 * seconds, so Twilio drops it (failed, 30036) rather than deliver it late from a backlog. Null
 * when too little is left to be worth sending (Twilio recommends more than 5 seconds).
 */
export function validityPeriodFor(notAfter: Date, now: Date): number | null {
  const seconds = Math.floor((notAfter.getTime() - now.getTime()) / 1000);
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
 * Sends the text of one sms_message row through Twilio, to the row's number, with words written
 * from our templates (the payload names the row, nothing more). A row that is gone or no longer
 * `queued` is not sent (again). Retries with backoff on provider failures, but only within a
 * login code's lifetime: once its challenge has (nearly) expired, the job completes without
 * sending, and what is sent carries its remaining life as ValidityPeriod, so Twilio never delivers
 * it late. The provider's message id is stored on the row before the job completes, and a retry
 * that finds it there does not send again. The provider's message id is the job's result.
 */
export function smsSendJob(deps: SmsSendDeps) {
  const now = deps.now ?? (() => new Date());
  return defineJob('sms.send', async ({ messageId, subject }, { log }) => {
      const message = await findSmsMessage(deps.db, messageId);
      if (!message) {
        // Purged, or never written: there is nothing to send and no row to say why.
        log.warn({ messageId }, 'sms not sent: its message row is gone');
        return { skipped: 'gone' };
      }
      if (message.sid) {
        // An earlier attempt sent it and stopped before completing (crash, lost lock).
        log.info({ sid: message.sid, messageId }, 'sms already sent; not sending again');
        return { sid: message.sid };
      }
      if (message.status !== 'queued') {
        // Canceled or refused by an earlier job: a text goes out once or never.
        log.info({ messageId, status: message.status }, 'sms not sent: its message is no longer queued');
        return { skipped: 'not_queued' };
      }
      const to = message.to;
      /** Ends the text unsent: its row (shown to staff) says why, the log says it once. */
      const skip = async <K extends keyof typeof SKIP_REASONS>(skipped: K, why: string) => {
        await recordCanceled(deps.db, messageId, SKIP_REASONS[skipped], now());
        log.info({ messageId, skipped }, `sms not sent: ${why}`);
        return { skipped };
      };
      const expired = () => skip('expired', 'expired before it could go out');
      // Login codes always go (once not opted out): whoever asks for one is there, and the
      // login step's statement covers it.
      const loginCode = message.purpose === 'login_code';
      // A login code is useless once its challenge expires (a purged challenge expired long ago).
      const notAfter = loginCode ? (message.otpChallenge?.expiresAt ?? null) : undefined;
      // Worth sending only with time left to read and type it.
      if (notAfter === null || (notAfter && validityPeriodFor(notAfter, now()) === null)) return expired();
      // The phone replied STOP (or Twilio said so): nothing goes to it, login codes included.
      if (await findOptOut(deps.db, to)) return skip('opted_out', 'the phone opted out');
      // The phone's newest choice said no (the booking's text box unticked, or texts turned off in
      // the portal), so nothing else goes to it until a later booking ticks it or the customer
      // turns texts on in the portal. A phone never booked on our form (the office's HubSpot bookings,
      // consent gathered by phone) is not held back here. An answer to a text the customer sent
      // us since (a staff reply, the after-hours answer) goes: they asked, and expect it.
      const declined = loginCode ? null : await declinedTexts(deps.db, message);
      if (declined === 'not_agreed') return skip('not_agreed', 'the customer did not agree to texts on the booking form');
      if (declined === 'turned_off') return skip('turned_off', 'the customer turned texts off in the portal');
      if (declined === 'rating_not_named') return skip('rating_not_named', 'the customer agreed to texts under words that did not name rating requests');
      // Texts to this phone failed as a landline or filtered (30006/30007): only login codes go,
      // since whoever asks for one is there to see whether it arrives.
      if (!loginCode && (await findDeliveryHold(deps.db, to))) return skip('held', 'texts to the phone failed as undeliverable');
      // One rating request per phone in 30 days, checked again as it goes (another may have gone since it was planned).
      if (message.purpose === 'rating_request' && (await ratingRequestedSince(deps.db, to, daysBefore(now(), RATING_RULES.intervalDays), messageId))) {
        return skip('recent_rating', 'the phone had a rating request in the last 30 days');
      }
      const statusCallback = deps.statusCallbackUrl ? statusCallbackUrlFor(deps.statusCallbackUrl, messageId) : undefined;
      const written = await bodyOf(message, subject, deps, now());
      if ('skipped' in written) return skip(written.skipped, 'the cleaning it was about is gone or has changed since');
      const body = written.text;
      // Computed as it goes out: the code's remaining life, not the life it had when written;
      // an on-my-way text lives until its arrival window ends.
      const validUntil = notAfter ?? ('notAfter' in written ? written.notAfter : undefined);
      const validityPeriod = validUntil ? validityPeriodFor(validUntil, now()) : undefined;
      if (validityPeriod === null) return loginCode ? expired() : skip('stale', 'its window ended before it could go out');
      let sent: { sid: string; status: string };
      try {
        sent = await sendSms(deps.twilio, { to, from: deps.from, body, ...(statusCallback && { statusCallback }), ...(validityPeriod !== undefined && { validityPeriod }) });
      } catch (error) {
        const failure = classifyTwilioError(error);
        if (failure.kind === 'permanent') {
          await recordRefused(deps.db, messageId, { code: failure.code, message: failure.message }, now());
          // Twilio knows the phone unsubscribed from our sender: remember it, so nothing more is tried.
          if (failure.code === TWILIO_UNSUBSCRIBED) await recordOptOut(deps.db, to, { source: 'provider' }, now());
          // A landline or filtered answer at create holds the phone back as a delivery report would.
          if (isHoldingError(failure.code)) await recordDeliveryHold(deps.db, to, { errorCode: failure.code, purpose: message.purpose, textCreatedAt: null }, now());
          throw failureToError({ kind: 'permanent', status: failure.status, message: `${failure.code ?? ''} ${failure.message}` }, 'send sms');
        }
        throw failureToError(failure, 'send sms');
      }
      // The words are kept for the staff thread; a login code's never are.
      // A text to a customer is then logged on their HubSpot timeline (docs/conversations.md#hubspot).
      await recordAccepted(
        deps.db,
        messageId,
        { sid: sent.sid, body: loginCode ? null : body, hubspotLog: loggedInHubSpot(message.purpose), ratingRequest: message.purpose === 'rating_request' },
        now(),
      );
      log.info({ sid: sent.sid, status: sent.status, messageId }, 'sms sent');
      return { sid: sent.sid };
  });
}
