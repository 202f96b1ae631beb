import { LOGIN_SMS_CONSENT } from './texts';

/**
 * What a person agrees to about our texts, where a form asks for their phone
 * (docs/customer-messages.md): the one place these words live. Campaign vetting (A2P 10DLC and
 * toll-free verification) rejects an opt-in that does not name the program, say which texts it
 * sends, say that frequency varies and that message and data rates may apply, tell how to stop
 * and get help, and link the privacy policy and terms. It also rejects consent to texts bundled
 * with other channels or required to get the service (Twilio 30556, 30923): the booking form asks
 * on a box of its own, optional and unticked, and a login request agrees to its code only.
 * docs/twilio.md points the campaign's opt-in description here.
 *
 * The words are versioned: the form sends the version it showed, the api keeps that version's
 * words with the request (sms_consent). Never edit a published version's words: add a new
 * version and make it current, so what someone agreed to stays readable as they saw it.
 */

/** The brand fields the words name. */
export interface ConsentBrand {
  /** The company's name, e.g. 'Atlanta Home Cleaning'. */
  name: string;
  /** Its legal name, named by the booking form's agreement (docs/product.md §5). */
  legalName: string;
}

/** The forms that ask for a phone and show these words. */
export const SMS_CONSENT_FORMS = ['booking', 'login'] as const;
export type SmsConsentForm = (typeof SMS_CONSENT_FORMS)[number];

/** The name of the texting program, as the words, the HELP reply and the campaign call it. */
export function smsProgramName(brand: Pick<ConsentBrand, 'name'>): string {
  return `${brand.name} customer texts`;
}

/** The link sentence after the disclosure; the web renders the two names as links. */
export const SMS_CONSENT_LINKS = { before: 'See our ', privacy: 'Privacy Policy', between: ' and ', terms: 'Terms', after: '.' } as const;
const LINKS_SENTENCE = `${SMS_CONSENT_LINKS.before}${SMS_CONSENT_LINKS.privacy}${SMS_CONSENT_LINKS.between}${SMS_CONSENT_LINKS.terms}${SMS_CONSENT_LINKS.after}`;

export interface SmsConsentWords {
  version: SmsConsentVersion;
  /** Shown before the agreement: on the login step, the docs/product.md §2 statement (word for word). */
  lead: string | null;
  /**
   * The booking form's required agreement (the `agreed` box of docs/product.md §3); on the login step, what the
   * version added after the docs/product.md §2 statement (none since texts have their own box: a login
   * request agrees to its code only).
   */
  agreement: string | null;
  /**
   * The booking form's separate, optional, unticked box for texts; null in a version that
   * bundled texts into the agreement (2026-11-27), and on the login step.
   */
  textsOptIn: string | null;
  /** The program's terms, shown right under what they belong to (the text box, or the login statement). */
  disclosure: string;
  /** Everything shown, in order, as one text: what is kept with the request. */
  words: string;
}

/** The booking form's words: its agreement is always there. */
export type BookingConsentWords = SmsConsentWords & { agreement: string };

interface VersionWords {
  booking: { agreement: string; textsOptIn: string | null; disclosure: string };
  login: { agreement: string | null; disclosure: string };
}

/** What the program sends, how often, what it costs and how to stop: the booking form's disclosure. */
const programTerms = (program: string) =>
  `${program}: booking confirmations, appointment reminders and changes, invoices, login codes and answers to your requests. Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help.`;

/** The same, since the day after a cleaning asks how it went (shared/src/cleaning-rating.ts). */
const programTermsWithRatings = (program: string) =>
  `${program}: booking confirmations, appointment reminders and changes, invoices, login codes, answers to your requests and a request to rate each cleaning. Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help.`;

/**
 * Every published version, oldest first. Only the texts we actually send are named
 * (shared/src/customer-messages.ts and the login code): request received and cleaning confirmed
 * (booking confirmations), reminders, moves (changes), invoices, login codes, answers to
 * change or cancellation requests, and (since 2026-11-28) the request to rate a cleaning.
 */
const VERSIONS = {
  // Texts bundled into the required agreement: campaign vetting refuses that (Twilio 30556,
  // 30923). Kept so what was agreed to under it stays readable; bookings no longer take it.
  '2026-11-27': (brand: ConsentBrand): VersionWords => {
    const program = smsProgramName(brand);
    return {
      booking: {
        agreement: `I agree to allow ${brand.legalName} to contact me about this request by phone, text or email, and to receive ${program} at this phone number.`,
        textsOptIn: null,
        disclosure: programTerms(program),
      },
      // After the docs/product.md §2 statement, which stays word for word (LOGIN_SMS_CONSENT).
      login: { agreement: `You also agree to receive ${program} at this phone number.`, disclosure: programTerms(program) },
    };
  },
  // Texts on their own optional, unticked box, never a condition of booking; a login request
  // agrees to its code only, the program's terms shown as information.
  '2026-11-27.2': (brand: ConsentBrand): VersionWords => {
    const program = smsProgramName(brand);
    return {
      booking: {
        agreement: `I agree to allow ${brand.legalName} to contact me about this request by phone or email.`,
        textsOptIn: 'Text me about this request and my cleanings (optional, not needed to book).',
        disclosure: programTerms(program),
      },
      login: {
        agreement: null,
        disclosure: `${program}: a login code each time you ask for one. Texts about your cleanings only if you choose them when booking. Msg & data rates may apply. Reply STOP to opt out, HELP for help.`,
      },
    };
  },
  // As 2026-11-27.2, and the texts named include the request to rate each cleaning.
  '2026-11-28': (brand: ConsentBrand): VersionWords => {
    const program = smsProgramName(brand);
    const earlier = VERSIONS['2026-11-27.2'](brand);
    return { booking: { ...earlier.booking, disclosure: programTermsWithRatings(program) }, login: earlier.login };
  },
} as const satisfies Record<string, (brand: ConsentBrand) => VersionWords>;

export type SmsConsentVersion = keyof typeof VERSIONS;
export const SMS_CONSENT_VERSIONS = Object.keys(VERSIONS) as SmsConsentVersion[];
/** The version the forms show now. */
export const SMS_CONSENT_VERSION: SmsConsentVersion = '2026-11-28';

/** The first version whose words name the request to rate a cleaning. */
const RATING_REQUESTS_NAMED_SINCE: SmsConsentVersion = '2026-11-28';

/**
 * Whether a booking agreed to texts under words that name the rating request: one booked under
 * earlier words is never asked (worker/src/jobs/sms-send.ts).
 */
export function namesRatingRequests(version: string): boolean {
  return isSmsConsentVersion(version) && SMS_CONSENT_VERSIONS.indexOf(version) >= SMS_CONSENT_VERSIONS.indexOf(RATING_REQUESTS_NAMED_SINCE);
}

export function isSmsConsentVersion(value: unknown): value is SmsConsentVersion {
  return typeof value === 'string' && Object.hasOwn(VERSIONS, value);
}

/** A version whose booking form asks about texts on a box of its own: the only ones a booking is taken under. */
export function offersTextsChoice(version: SmsConsentVersion): boolean {
  return VERSIONS[version]({ name: '', legalName: '' }).booking.textsOptIn !== null;
}

/** The words of a version for a form; on the login step the docs/product.md §2 statement comes first, and is part of what was agreed to. */
export function smsConsentWords(form: 'booking', brand: ConsentBrand, version?: SmsConsentVersion): BookingConsentWords;
export function smsConsentWords(form: SmsConsentForm, brand: ConsentBrand, version?: SmsConsentVersion): SmsConsentWords;
export function smsConsentWords(form: SmsConsentForm, brand: ConsentBrand, version: SmsConsentVersion = SMS_CONSENT_VERSION): SmsConsentWords {
  const words = VERSIONS[version](brand);
  const { agreement, disclosure } = words[form];
  const textsOptIn = form === 'booking' ? words.booking.textsOptIn : null;
  const lead = form === 'login' ? LOGIN_SMS_CONSENT : null;
  return { version, lead, agreement, textsOptIn, disclosure, words: [lead, agreement, textsOptIn, disclosure, LINKS_SENTENCE].filter(Boolean).join(' ') };
}

/** Refused when the form sends no version, or one we never published (form-fields.ts names the field). */
export const SMS_CONSENT_VERSION_ERROR = 'Please reload the page: the text message terms you saw are not ones we know.';

/** Refused when a booking does not say whether the text box was ticked (a page from before it, or a broken client). */
export const TEXTS_AGREED_ERROR = 'Please reload the page and choose whether we may text you.';

/** Refused when "Text message" is the way to be contacted but the text box is left unticked. */
export const TEXTS_NEEDED_FOR_TEXT_CONTACT = 'To be contacted by text message, tick the box to get our texts (or choose phone or email).';

/**
 * The staff-facing reason on a text not sent because the phone's newest booking left the text
 * box unticked (the sending rule: worker/src/jobs/sms-send.ts).
 */
export const TEXTS_NOT_AGREED_REASON = 'Not sent: the customer did not agree to texts on the booking form.';
