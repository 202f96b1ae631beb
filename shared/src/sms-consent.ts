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
  /** The program's terms, shown right under what they belong to (the text box, or the login statement); '' where none were shown. */
  disclosure: string;
  /** Everything shown, in order, as one text: what is kept with the request. */
  words: string;
}

/** The booking form's words: its agreement is always there. */
export type BookingConsentWords = SmsConsentWords & { agreement: string };

interface VersionWords {
  /** disclosure '': no program terms were shown (nor the link sentence that follows them). */
  booking: { agreement: string; textsOptIn: string | null; disclosure: string };
  login: { agreement: string | null; disclosure: string };
  /**
   * The portal's "How we reach you" (shared/src/reach-channels.ts): a signed-in customer turns
   * texts on with a box of its own and the program's terms under it. Only versions published
   * since the portal asks have these words; a page showing an older version is asked to reload.
   */
  portal?: { textsOptIn: string; disclosure: string };
}

/**
 * The version of a request that names none: a client written from docs/product.md alone, whose
 * payloads (§3, §7) carry no version. Named by the date of the policies §2 shows.
 */
export const PRODUCT_SPEC_CONSENT_VERSION = '2025-06-23';

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
  // The words of docs/product.md itself, as a client written from it shows them: the booking
  // form's agreement to be contacted (§5's consent alert names what it is) with no box for
  // texts, and the login step's §2 statement alone. A request that names no version is taken
  // under these (the dated policies of §2), and gets no texts but its login codes.
  [PRODUCT_SPEC_CONSENT_VERSION]: (brand: ConsentBrand): VersionWords => ({
    booking: { agreement: `I consent to allowing ${brand.legalName} to contact me.`, textsOptIn: null, disclosure: '' },
    login: { agreement: null, disclosure: '' },
  }),
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
  // The portal's box (since 2026-12-16) shows the same terms as the booking form's, under it.
  '2026-11-28': (brand: ConsentBrand): VersionWords => {
    const program = smsProgramName(brand);
    const earlier = VERSIONS['2026-11-27.2'](brand);
    const disclosure = programTermsWithRatings(program);
    return {
      booking: { ...earlier.booking, disclosure },
      login: earlier.login,
      portal: { textsOptIn: 'Text me about my cleanings at this phone number.', disclosure },
    };
  },
} as const satisfies Record<string, (brand: ConsentBrand) => VersionWords>;

export type SmsConsentVersion = keyof typeof VERSIONS;
/** Versions that bundled texts into the required agreement: a booking is no longer taken under one. */
const BUNDLED_TEXTS_VERSIONS: readonly SmsConsentVersion[] = ['2026-11-27'];
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

/** A version whose booking form asks about texts on a box of its own: only under one can a booking agree to texts. */
export function offersTextsChoice(version: SmsConsentVersion): boolean {
  return VERSIONS[version]({ name: '', legalName: '' }).booking.textsOptIn !== null;
}

/** A booking is taken under every version but those that made texts a condition of booking. */
export function takesBookings(version: SmsConsentVersion): boolean {
  return !BUNDLED_TEXTS_VERSIONS.includes(version);
}

/** The words of a version for a form; on the login step the docs/product.md §2 statement comes first, and is part of what was agreed to. */
export function smsConsentWords(form: 'booking', brand: ConsentBrand, version?: SmsConsentVersion): BookingConsentWords;
export function smsConsentWords(form: SmsConsentForm, brand: ConsentBrand, version?: SmsConsentVersion): SmsConsentWords;
export function smsConsentWords(form: SmsConsentForm, brand: ConsentBrand, version: SmsConsentVersion = SMS_CONSENT_VERSION): SmsConsentWords {
  const words = VERSIONS[version](brand);
  const { agreement, disclosure } = words[form];
  const textsOptIn = form === 'booking' ? words.booking.textsOptIn : null;
  const lead = form === 'login' ? LOGIN_SMS_CONSENT : null;
  const links = disclosure ? LINKS_SENTENCE : null;
  return { version, lead, agreement, textsOptIn, disclosure, words: [lead, agreement, textsOptIn, disclosure, links].filter(Boolean).join(' ') };
}

/**
 * The portal's words for turning texts on, under a version that has them (null otherwise): the
 * box and the program's terms, and everything shown as one text, which is what is kept.
 */
export function portalTextsWords(brand: ConsentBrand, version: SmsConsentVersion = SMS_CONSENT_VERSION): (SmsConsentWords & { textsOptIn: string }) | null {
  const portal = (VERSIONS[version](brand) as VersionWords).portal;
  if (!portal) return null;
  return {
    version,
    lead: null,
    agreement: null,
    textsOptIn: portal.textsOptIn,
    disclosure: portal.disclosure,
    words: [portal.textsOptIn, portal.disclosure, LINKS_SENTENCE].join(' '),
  };
}

/** Whether the portal can take texts turned on under the version (it has portal words). */
export function offersPortalTexts(version: SmsConsentVersion): boolean {
  return portalTextsWords({ name: '', legalName: '' }, version) !== null;
}

/**
 * What the portal shows before texts are turned off, kept as the words of that choice (an
 * sms_consent row needs words): login codes still go, as after an unticked booking box.
 */
export const PORTAL_TEXTS_OFF_WORDS = 'Turn off texts about my cleanings. Login codes still come when I ask for one.';

/** Refused when the form sends no version, or one we never published (form-fields.ts names the field). */
export const SMS_CONSENT_VERSION_ERROR = 'Please reload the page: the text message terms you saw are not ones we know.';

/** Refused when a booking does not say whether the text box was ticked (a page from before it, or a broken client). */
export const TEXTS_AGREED_ERROR = 'Please reload the page and choose whether we may text you.';

/**
 * Beside "Text message" as the way to be contacted while the text box is unticked. A note, never
 * a refusal: docs/product.md §5 requires a contact method and the agreement only, and the text box
 * stays optional (texts are never a condition of booking). Unticked, no text goes to the phone but
 * login codes, so the office calls or e-mails instead, and the confirmation says so.
 */
export const TEXT_CONTACT_WITHOUT_TEXTS = "Tick the box to let us text you. Without it we can't send texts, so we'll call or e-mail you instead.";

/**
 * The staff-facing reason on a text not sent because the phone's newest booking left the text
 * box unticked (the sending rule: worker/src/jobs/sms-send.ts).
 */
export const TEXTS_NOT_AGREED_REASON = 'Not sent: the customer did not agree to texts on the booking form.';

/** The same when the newest choice was the portal's: the customer turned texts off there. */
export const TEXTS_TURNED_OFF_REASON = 'Not sent: the customer turned texts off in the portal.';
