import { tipUrl } from '@app/runtime/tips/tip-token';
import type { Db } from '@app/db/client';
import { daysBefore, RATING_RULES } from '@app/shared/cleaning-rating';
import { UNSUBSCRIBABLE_KINDS } from '@app/shared/notice-channels';
import { portalDealPath } from '@app/shared/routes';
import { unsubscribeUrl } from '@app/runtime/email/unsubscribe-token';
import { ratingEmailedSince } from '../crm/rating-repository';
import { defineJob } from '../jobs/job';
import { failureToError } from '../jobs/job-errors';
import { noticeFacts, type Notice } from '../sms/customer-notice';
import { findSuppression } from '@app/db/email-suppression';
import { findEmailMessage, recordEmailCanceled, recordEmailFailed, recordEmailSent } from './email-message-repository';
import { senderAddress } from './email-env';
import { classifyMailError, type MailTransport } from './mail-transport';
import { emailNoticeOf, type EmailLinks } from './notice-email';
import type { EmailCompany } from './templates/layout';

export interface EmailSendDeps {
  db: Db;
  transport: MailTransport;
  /** 'Name <address>' (EMAIL_FROM, or the company's). */
  from: string;
  company: EmailCompany;
  /** The public site (PUBLIC_URL): unsubscribe links point at its api, a quote's at its portal. */
  publicUrl: string;
  /** Where customers sign in (PUBLIC_URL + /login). */
  portalUrl: string;
  /** OTP_SECRET: unsubscribe links are signed under it, as the api checks them. */
  otpSecret: string;
  /** The number customers text back to (TWILIO_FROM when it is one; null or absent for a messaging service): a rating e-mail names it. */
  textTo?: string | null | undefined;
  now?: () => Date;
}

/** Why an e-mail ended canceled (its row's error message, shown to staff). */
export const EMAIL_SKIP_REASONS = {
  bounced: 'Not sent: e-mail to this address bounced or was marked as spam.',
  unsubscribed: 'Not sent: the customer unsubscribed from reminders and rating requests.',
  gone: 'Not sent: the cleaning it was about no longer exists.',
  stale: 'Not sent: what it was about changed before it was due.',
  recent_rating: 'Not sent: the address had a rating request in the last 30 days.',
} as const;

/** The templates and React load with the first e-mail, not with the worker: most of its jobs never need them. */
const templates = () => import('./render-notice');

/** '<id@domain>': our Message-ID, the same on every try, so a mailbox shows a resend once. */
export function messageIdOf(emailId: string, from: string): string {
  return `<${emailId}@${senderAddress(from).split('@')[1]}>`;
}

/**
 * The plain text as it is kept and logged in HubSpot: as sent, but for the unsubscribe link,
 * which stops the address's reminders for anyone who opens it (a signed token, not a secret
 * the record's readers need).
 */
export function loggedText(text: string, unsubscribeUrl: string): string {
  return text.replaceAll(unsubscribeUrl, '(link left out of this record)');
}

/**
 * Sends one email_message row: its words written from our templates and the notice's facts as
 * they are now (the payload names the row, nothing more). Not sent (canceled, with why) when the
 * address bounced, complained or unsubscribed from the kind, what it was about changed, or (a
 * rating request) the address had another in the last 30 days. A 4xx or a dropped connection
 * retries with backoff; a 5xx ends it failed. Two tries of one row carry
 * one Message-ID, and the row leaves `queued` once; sent, it is due to be logged in HubSpot
 * (crm.log-email).
 */
export function emailSendJob(deps: EmailSendDeps) {
  const now = deps.now ?? (() => new Date());
  return defineJob('email.send', async ({ emailId }, { log }) => {
    const email = await findEmailMessage(deps.db, emailId);
    if (!email) {
      log.warn({ emailId }, 'email not sent: its row is gone');
      return { skipped: 'gone' };
    }
    if (email.status !== 'queued') return { skipped: 'not_queued' };
    const skip = async (skipped: keyof typeof EMAIL_SKIP_REASONS) => {
      await recordEmailCanceled(deps.db, emailId, EMAIL_SKIP_REASONS[skipped], now());
      log.info({ emailId, skipped }, 'email not sent');
      return { skipped };
    };
    const suppression = await findSuppression(deps.db, email.to);
    if (suppression?.bouncedAt || suppression?.complainedAt) return skip('bounced');
    if (suppression?.unsubscribedAt && UNSUBSCRIBABLE_KINDS.has(email.purpose)) return skip('unsubscribed');
    // One rating e-mail per address in 30 days, checked again as it goes (another may have gone since it was planned).
    if (email.purpose === 'rating_request' && (await ratingEmailedSince(deps.db, email.to, daysBefore(now(), RATING_RULES.intervalDays), email.id))) return skip('recent_rating');
    const notice: Notice = { kind: email.purpose, dealId: email.dealId, ...(email.notice?.subject as object | undefined) };
    const facts = await noticeFacts(deps.db, notice, now());
    if ('skipped' in facts) return skip(facts.skipped);
    const links: EmailLinks = {
      portalUrl: deps.portalUrl,
      unsubscribeUrl: unsubscribeUrl(deps.publicUrl, deps.otpSecret, email.to),
      dealUrl: (dealId) => `${deps.publicUrl}${portalDealPath(dealId)}`,
      textTo: deps.textTo ?? null,
      tipUrl: (dealId) => tipUrl(deps.publicUrl, deps.otpSecret, dealId),
    };
    const rendered = await (await templates()).renderNoticeEmail(emailNoticeOf(facts, links), deps.company);
    // RFC 8058: the one-click header pair on the kinds a customer may stop (Gmail and Yahoo ask for it).
    const headers = UNSUBSCRIBABLE_KINDS.has(email.purpose) ? { 'List-Unsubscribe': `<${links.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
    const messageId = messageIdOf(email.id, deps.from);
    let response: string;
    try {
      ({ response } = await deps.transport.send({ messageId, from: deps.from, to: email.to, date: email.createdAt, ...rendered, headers }));
    } catch (error) {
      const failure = classifyMailError(error);
      if (failure.kind === 'permanent') await recordEmailFailed(deps.db, emailId, { code: failure.status, message: failure.message }, now());
      throw failureToError(failure, 'send email');
    }
    const textBody = loggedText(rendered.text, links.unsubscribeUrl);
    const sent = { subject: rendered.subject, providerResponse: response, sender: deps.from, messageId, textBody, ratingOf: email.purpose === 'rating_request' ? email.dealId : null };
    await recordEmailSent(deps.db, emailId, sent, now());
    log.info({ emailId, kind: email.purpose }, 'email sent');
    return { sent: true };
  });
}
