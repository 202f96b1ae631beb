import { LOGIN_SMS_CONSENT } from './texts';

/**
 * What a person agrees to about our texts, where a form asks for their phone (issue 31): the one
 * place these words live. Campaign vetting (A2P 10DLC and toll-free verification) rejects an
 * opt-in that does not name the program, say which texts it sends, say that frequency varies and
 * that message and data rates may apply, tell how to stop and get help, and link the privacy
 * policy and terms. docs/twilio.md points the campaign's opt-in description here.
 *
 * The words are versioned: the form sends the version it showed, the api keeps that version's
 * words with the request (sms_consent). Never edit a published version's words: add a new
 * version and make it current, so what someone agreed to stays readable as they saw it.
 */

/** The brand fields the words name. */
export interface ConsentBrand {
  /** The company's name, e.g. 'Atlanta Home Cleaning'. */
  name: string;
  /** Its legal name, named by the booking form's agreement (spec §5). */
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
  /** Shown before the agreement: on the login step, the spec's §2 statement (word for word). */
  lead: string | null;
  /** The sentence the person acts on: the booking checkbox's label, or the login step's statement. */
  agreement: string;
  /** The program's terms, shown right under the agreement. */
  disclosure: string;
  /** Everything shown, in order, as one text: what is kept with the request. */
  words: string;
}

/**
 * Every published version, oldest first. Only the texts we actually send are named
 * (shared/src/customer-messages.ts and the login code): request received and cleaning confirmed
 * (booking confirmations), reminders, moves (changes), invoices, login codes, and answers to
 * change or cancellation requests.
 */
const VERSIONS = {
  '2026-11-27': (form: SmsConsentForm, brand: ConsentBrand) => {
    const program = smsProgramName(brand);
    const agreement =
      form === 'booking'
        ? `I agree to allow ${brand.legalName} to contact me about this request by phone, text or email, and to receive ${program} at this phone number.`
        : // After the spec's §2 statement, which stays word for word (LOGIN_SMS_CONSENT).
          `You also agree to receive ${program} at this phone number.`;
    const disclosure = `${program}: booking confirmations, appointment reminders and changes, invoices, login codes and answers to your requests. Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help.`;
    return { agreement, disclosure };
  },
} as const satisfies Record<string, (form: SmsConsentForm, brand: ConsentBrand) => { agreement: string; disclosure: string }>;

export type SmsConsentVersion = keyof typeof VERSIONS;
export const SMS_CONSENT_VERSIONS = Object.keys(VERSIONS) as SmsConsentVersion[];
/** The version the forms show now. */
export const SMS_CONSENT_VERSION: SmsConsentVersion = '2026-11-27';

export function isSmsConsentVersion(value: unknown): value is SmsConsentVersion {
  return typeof value === 'string' && Object.hasOwn(VERSIONS, value);
}

/** The words of a version for a form; on the login step the spec's statement comes first, and is part of what was agreed to. */
export function smsConsentWords(form: SmsConsentForm, brand: ConsentBrand, version: SmsConsentVersion = SMS_CONSENT_VERSION): SmsConsentWords {
  const { agreement, disclosure } = VERSIONS[version](form, brand);
  const lead = form === 'login' ? LOGIN_SMS_CONSENT : null;
  return { version, lead, agreement, disclosure, words: [lead, agreement, disclosure, LINKS_SENTENCE].filter(Boolean).join(' ') };
}

/** Refused when the form sends no version, or one we never published (form-fields.ts names the field). */
export const SMS_CONSENT_VERSION_ERROR = 'Please reload the page: the text message terms you saw are not ones we know.';
