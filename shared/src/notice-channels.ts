import { CUSTOMER_MESSAGE_LABELS } from './customer-messages';

/**
 * A customer notice (docs/customer-messages.md#channels) and the channels it may go on. A notice
 * is planned once; each channel then delivers it on its own terms: a text only with the
 * customer's text consent (as always), an e-mail to the booking's address, which transactional
 * notices need no opt-in for. Reminders and rating requests are not transactional: an e-mail
 * unsubscribe stops those two kinds on that channel.
 */
export const NOTICE_KINDS = [
  'request_received',
  'quote_ready',
  'cleaning_confirmed',
  'plan_confirmed',
  'reminder',
  'rescheduled',
  'canceled',
  'request_answered',
  'invoice_ready',
  'invoice_reminder',
  'payment_received',
  'rating_request',
  'on_my_way',
  'portal_invite',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export type NoticeChannel = 'sms' | 'email';

export const NOTICE_CHANNELS: Readonly<Record<NoticeKind, readonly NoticeChannel[]>> = {
  request_received: ['sms', 'email'],
  quote_ready: ['email'],
  cleaning_confirmed: ['sms', 'email'],
  plan_confirmed: ['sms', 'email'],
  reminder: ['sms', 'email'],
  rescheduled: ['sms', 'email'],
  canceled: ['email'],
  request_answered: ['sms', 'email'],
  invoice_ready: ['sms', 'email'],
  invoice_reminder: ['sms', 'email'],
  payment_received: ['sms', 'email'],
  rating_request: ['sms', 'email'],
  on_my_way: ['sms', 'email'],
  portal_invite: ['sms', 'email'],
};

/** The kinds a customer may unsubscribe from (RFC 8058 one-click on those e-mails); the rest are transactional. */
export const UNSUBSCRIBABLE_KINDS: ReadonlySet<NoticeKind> = new Set(['reminder', 'rating_request']);

export function mayUse(kind: NoticeKind, channel: NoticeChannel): boolean {
  return NOTICE_CHANNELS[kind].includes(channel);
}


/** What each notice is, as the staff customer page names it (the texts' own labels, and those only e-mail carries). */
export const NOTICE_KIND_LABELS: Readonly<Record<NoticeKind, string>> = {
  ...CUSTOMER_MESSAGE_LABELS,
  quote_ready: 'Quote ready',
  canceled: 'Cleaning canceled',
  portal_invite: 'Portal invite',
};

/**
 * What a portal invite's notice is about: the contact, and the invite (its invited_at), so each
 * invite the office sends is its own occasion and a newer one supersedes an e-mail still waiting.
 */
export interface PortalInviteSubject {
  contactId: string;
  invitedAt: string;
}

/** One notice per invite: a retried transaction or a second writer finds the key taken. */
export const portalInviteKey = (subject: PortalInviteSubject): string => `portal_invite:${subject.contactId}:${subject.invitedAt}`;
