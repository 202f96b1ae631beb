import { z } from 'zod';
import { formatEasternDay } from './eastern-time';
import { smsConsentVersionField } from './form-fields';
import { offersPortalTexts, SMS_CONSENT_VERSION_ERROR } from './sms-consent';

/**
 * The portal's "How we reach you" (docs/customer-messages.md#channels): where texts and e-mail
 * to the signed-in customer stand, and their choices about them. Texts go only with their consent
 * (turned on here with the program's terms, as the booking form's box does); notices by e-mail
 * need none, and reminders and rating requests by e-mail can be stopped. One place for the
 * payloads and the words the customer reads (our wording: docs/product.md names none of these).
 */

export const REACH_SECTION_TITLE = 'How we reach you';
export const REACH_SECTION_LEAD = 'Texts and e-mails about your cleanings. Login codes come by text whenever you ask for one.';
export const REACH_LOAD_FAILED = 'We could not load your choices right now.';
export const REACH_SAVE_FAILED = 'We could not save that right now. Please try again in a moment.';

const instant = z.iso.datetime({ offset: true });

/**
 * Why texts are off: the phone replied STOP (nothing goes, login codes included, until it texts
 * START); the newest booking left the text box unticked; the customer turned them off here; or
 * we have no phone for them.
 */
export const TEXTS_OFF_REASONS = ['stop', 'not_agreed', 'turned_off', 'no_phone'] as const;
export type TextsOffReason = (typeof TEXTS_OFF_REASONS)[number];

export const textsStandingSchema = z.object({
  /** E.164; null: none on file. */
  phone: z.string().nullable(),
  on: z.boolean(),
  /** Why they are off; null while on. */
  off: z.enum(TEXTS_OFF_REASONS).nullable(),
  /** When the choice (or the STOP) that decides was made; null: texts are on without one (the office booked them). */
  since: instant.nullable(),
  /** On, but texts to the phone failed (Twilio 30006/30007) since then: only login codes go until one gets through. */
  heldSince: instant.nullable(),
  /** After STOP: the number to text START to (null: reply START to any of our texts). */
  startTo: z.string().nullable(),
});
export type TextsStanding = z.output<typeof textsStandingSchema>;

export const emailStandingSchema = z.object({
  address: z.string(),
  /** Reminders and rating requests by e-mail (the kinds one can unsubscribe from). */
  reminders: z.boolean(),
  unsubscribedAt: instant.nullable(),
  /** E-mail to the address bounced: nothing is e-mailed until the customer says to send again. */
  bounced: z.object({ at: instant, reason: z.string().nullable() }).nullable(),
  /** An e-mail was marked as spam: nothing is e-mailed. */
  complained: z.object({ at: instant, reason: z.string().nullable() }).nullable(),
});
export type EmailStanding = z.output<typeof emailStandingSchema>;

/** GET /api/portal/channels (and the answer of each change). */
export const reachChannelsSchema = z.object({ texts: textsStandingSchema, email: emailStandingSchema });
export type ReachChannels = z.output<typeof reachChannelsSchema>;

export const TEXTS_ON_REQUIRED = 'Say whether we may text you: on (true) or off (false).';
export const EMAIL_REMINDERS_REQUIRED = 'Say whether you want reminders and rating requests by e-mail: true or false.';

/**
 * PUT /api/portal/channels/texts: on, with the version of the terms the page showed (kept with
 * its words, as a booking's are), or off. Only a version that has the portal's words is taken.
 */
export const textsChoiceSchema = z
  .strictObject({
    on: z.boolean({ error: TEXTS_ON_REQUIRED }),
    consentVersion: smsConsentVersionField.refine(offersPortalTexts, { error: SMS_CONSENT_VERSION_ERROR }).optional(),
  })
  .refine((choice) => !choice.on || choice.consentVersion !== undefined, { path: ['consentVersion'], error: SMS_CONSENT_VERSION_ERROR });
export type TextsChoiceInput = z.input<typeof textsChoiceSchema>;
export type TextsChoice = z.output<typeof textsChoiceSchema>;

/** PUT /api/portal/channels/email: reminders and rating requests by e-mail, on (resubscribe) or off (unsubscribe). */
export const emailChoiceSchema = z.strictObject({ reminders: z.boolean({ error: EMAIL_REMINDERS_REQUIRED }) });
export type EmailChoice = z.output<typeof emailChoiceSchema>;

export const TEXTS_ON_TICK_REQUIRED = 'Tick the box to turn texts on.';

/** The portal's form for turning texts on: its box must be ticked (the page then sends on: true and the version it showed). */
export const textsOnFormSchema = z.object({ agreed: z.boolean({ error: TEXTS_ON_TICK_REQUIRED }).refine((ticked) => ticked, { error: TEXTS_ON_TICK_REQUIRED }) });
export type TextsOnFormInput = z.input<typeof textsOnFormSchema>;

// Refusals (409, naming the field `on`).
export const textsNoPhone = 'We have no phone number for you. Call us to add one.';
export function textsOptedOutRefusal(startTo: string | null): string {
  return `Your phone replied STOP to our texts, so we can't text it. ${startAgain(startTo)}`;
}
/** 409 of the bounce's DELETE while the address is held by a complaint, which only the office lifts. */
export const emailComplainedRefusal = (phone: string) => `An e-mail to this address was marked as spam, so we stopped e-mailing it. Call us at ${phone} to start again.`;

const day = (iso: string) => formatEasternDay(new Date(iso));
const startAgain = (startTo: string | null) => `To get texts again, ${startTo ? `text START to ${startTo}` : 'reply START to any text you had from us'}.`;

/** The texts' line: on, or off and why, in the customer's words. */
export function textsStandingText(texts: TextsStanding): string {
  if (texts.on) return texts.since ? `On since ${day(texts.since)}: we text you about your cleanings.` : 'On: we text you about your cleanings.';
  switch (texts.off) {
    case 'stop':
      return `Off: your phone replied STOP${texts.since ? ` on ${day(texts.since)}` : ''}, so we send no texts, not even login codes. ${startAgain(texts.startTo)}`;
    case 'not_agreed':
      return `Off: you didn't choose texts when you booked${texts.since ? ` on ${day(texts.since)}` : ''}. Login codes still come when you ask for one.`;
    case 'turned_off':
      return `Off: you turned them off${texts.since ? ` on ${day(texts.since)}` : ''}. Login codes still come when you ask for one.`;
    default:
      return textsNoPhone;
  }
}

export const textsHeldText = (since: string) =>
  `Our texts to this phone have not been getting through since ${day(since)}, so only login codes go. The next text that arrives, or signing in again, starts them again.`;

export const TEXTS_TURN_ON = 'Turn on texts';
export const TEXTS_TURN_OFF = 'Turn off texts';
export const TEXTS_TURNED_ON = 'Texts are on.';
export const TEXTS_TURNED_OFF = 'Texts are off. Login codes still come when you ask for one.';

export const EMAIL_NOTICES_LINE = 'Confirmations, changes to your cleanings, quotes and invoices: always, as they are about your bookings.';
export const EMAIL_REMINDERS_LABEL = 'Reminders and rating requests';
export const EMAIL_STOP_REMINDERS = 'Stop reminders and rating requests';
export const EMAIL_START_REMINDERS = 'Send me reminders and rating requests';
export const EMAIL_REMINDERS_STOPPED = 'No more reminders or rating requests by e-mail.';
export const EMAIL_REMINDERS_STARTED = 'Reminders and rating requests come by e-mail again.';
export const EMAIL_SEND_AGAIN = 'Send e-mails to this address again';
export const EMAIL_SENDING_AGAIN = 'We will e-mail this address again.';

export const emailRemindersText = (email: EmailStanding) =>
  email.reminders ? 'On.' : `Off${email.unsubscribedAt ? ` since ${day(email.unsubscribedAt)}` : ''}: you unsubscribed.`;

/** A bounce in plain words, with the mail server's reason. */
export const emailBouncedText = (bounced: NonNullable<EmailStanding['bounced']>) =>
  `Our e-mails to this address came back undelivered on ${day(bounced.at)}${bounced.reason ? ` (the mail server said: ${bounced.reason})` : ''}, so we stopped e-mailing it. If the address works again, tell us below.`;

/** A complaint in plain words (the provider passes on no words of the recipient's, so there is no reason to quote). */
export const emailComplainedText = (complained: NonNullable<EmailStanding['complained']>, phone: string) =>
  `One of our e-mails to this address was marked as spam on ${day(complained.at)}, so we stopped e-mailing it. Call us at ${phone} to start again.`;
