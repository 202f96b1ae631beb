import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from './company';
import { helpReplySms } from './customer-messages';
import { gsm7Length } from './sms-segments';
import { smsConsentVersionField } from './form-fields';
import {
  PRODUCT_SPEC_CONSENT_VERSION,
  SMS_CONSENT_VERSION,
  SMS_CONSENT_VERSIONS,
  SMS_CONSENT_VERSION_ERROR,
  namesRatingRequests,
  offersPortalTexts,
  offersTextsChoice,
  PORTAL_TEXTS_OFF_WORDS,
  portalTextsWords,
  smsConsentWords,
  smsProgramName,
  takesBookings,
} from './sms-consent';
import { LOGIN_SMS_CONSENT } from './texts';

const brand = { name: 'Sweet Peach Cleaning', legalName: 'Sweet Peach Cleaning LLC' };
const DISCLOSURE =
  'Sweet Peach Cleaning customer texts: booking confirmations, appointment reminders and changes, invoices, login codes, answers to your requests and a request to rate each cleaning. Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help.';
const DISCLOSURE_BEFORE_RATINGS =
  'Sweet Peach Cleaning customer texts: booking confirmations, appointment reminders and changes, invoices, login codes and answers to your requests. Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help.';

describe('text message consent words', () => {
  it('names the program after the company', () => {
    expect(smsProgramName(brand)).toBe('Sweet Peach Cleaning customer texts');
    expect(smsProgramName(DEMO_COMPANY)).toBe('Atlanta Home Cleaning customer texts');
  });

  it('booking (current): the required agreement leaves texts out; texts have their own optional box, then the program terms', () => {
    const consent = smsConsentWords('booking', brand);
    expect(consent.version).toBe('2026-11-28');
    expect(consent.lead).toBeNull();
    expect(consent.agreement).toBe('I agree to allow Sweet Peach Cleaning LLC to contact me about this request by phone or email.');
    expect(consent.agreement).not.toMatch(/text|customer texts/i);
    expect(consent.textsOptIn).toBe('Text me about this request and my cleanings (optional, not needed to book).');
    expect(consent.disclosure).toBe(DISCLOSURE);
    expect(consent.words).toBe(
      'I agree to allow Sweet Peach Cleaning LLC to contact me about this request by phone or email. ' +
        'Text me about this request and my cleanings (optional, not needed to book). ' +
        `${DISCLOSURE} See our Privacy Policy and Terms.`,
    );
    expect(offersTextsChoice(SMS_CONSENT_VERSION)).toBe(true);
  });

  it('login (current): the spec statement word for word, the program as information only (the code, nothing more)', () => {
    const consent = smsConsentWords('login', brand);
    expect(consent.lead).toBe(LOGIN_SMS_CONSENT);
    expect(LOGIN_SMS_CONSENT).toBe('By continuing, you agree to receive a one-time text message for verification. Standard messaging rates may apply.');
    expect(consent.agreement).toBeNull();
    expect(consent.textsOptIn).toBeNull();
    expect(consent.disclosure).toBe(
      'Sweet Peach Cleaning customer texts: a login code each time you ask for one. Texts about your cleanings only if you choose them when booking. Msg & data rates may apply. Reply STOP to opt out, HELP for help.',
    );
    expect(consent.words).toBe(`${LOGIN_SMS_CONSENT} ${consent.disclosure} See our Privacy Policy and Terms.`);
    expect(consent.words).not.toContain('agree to receive Sweet Peach');
  });

  it('the published 2026-11-27 words stay readable exactly as they were shown', () => {
    const booking = smsConsentWords('booking', brand, '2026-11-27');
    expect(booking.agreement).toBe(
      'I agree to allow Sweet Peach Cleaning LLC to contact me about this request by phone, text or email, and to receive Sweet Peach Cleaning customer texts at this phone number.',
    );
    expect(booking.textsOptIn).toBeNull();
    expect(booking.words).toBe(`${booking.agreement} ${DISCLOSURE_BEFORE_RATINGS} See our Privacy Policy and Terms.`);
    expect(smsConsentWords('login', brand, '2026-11-27').words).toBe(
      'By continuing, you agree to receive a one-time text message for verification. Standard messaging rates may apply. ' +
        'You also agree to receive Sweet Peach Cleaning customer texts at this phone number. ' +
        `${DISCLOSURE_BEFORE_RATINGS} See our Privacy Policy and Terms.`,
    );
    // Bundled: no booking is taken under it any more (booking-request.test.ts).
    expect(offersTextsChoice('2026-11-27')).toBe(false);
  });

  it("the words of docs/product.md itself: §5's agreement to be contacted, no box for texts, §2's login statement alone", () => {
    const booking = smsConsentWords('booking', brand, PRODUCT_SPEC_CONSENT_VERSION);
    expect(booking.words).toBe('I consent to allowing Sweet Peach Cleaning LLC to contact me.');
    expect(booking.textsOptIn).toBeNull();
    expect(offersTextsChoice(PRODUCT_SPEC_CONSENT_VERSION)).toBe(false);
    expect(takesBookings(PRODUCT_SPEC_CONSENT_VERSION)).toBe(true);
    expect(takesBookings('2026-11-27')).toBe(false);
    expect(smsConsentWords('login', brand, PRODUCT_SPEC_CONSENT_VERSION).words).toBe(LOGIN_SMS_CONSENT);
  });

  it('the 2026-11-27.2 words stay readable, and only later words name the rating request', () => {
    expect(smsConsentWords('booking', brand, '2026-11-27.2').disclosure).toBe(DISCLOSURE_BEFORE_RATINGS);
    expect(SMS_CONSENT_VERSIONS.map(namesRatingRequests)).toEqual([false, false, false, true]);
    expect(namesRatingRequests('1999-01-01')).toBe(false);
  });

  it('says what vetting looks for: program, texts, frequency, rates, STOP and HELP', () => {
    const { disclosure } = smsConsentWords('booking', DEMO_COMPANY);
    for (const part of ['Atlanta Home Cleaning customer texts', 'Message frequency varies.', 'Msg & data rates may apply.', 'Reply STOP to opt out, HELP for help.']) {
      expect(disclosure).toContain(part);
    }
    // The login step's information: the program, how often (one per code asked for), rates, STOP and HELP.
    const login = smsConsentWords('login', DEMO_COMPANY).disclosure;
    for (const part of ['Atlanta Home Cleaning customer texts', 'each time you ask for one', 'Msg & data rates may apply.', 'Reply STOP to opt out, HELP for help.']) {
      expect(login).toContain(part);
    }
  });

  it("portal (current): its own box for texts, with the booking form's program terms under it; only versions with such words", () => {
    const consent = portalTextsWords(brand)!;
    expect(consent.version).toBe(SMS_CONSENT_VERSION);
    expect(consent.textsOptIn).toBe('Text me about my cleanings at this phone number.');
    expect(consent.disclosure).toBe(DISCLOSURE);
    expect(consent.words).toBe(`Text me about my cleanings at this phone number. ${DISCLOSURE} See our Privacy Policy and Terms.`);
    // The booking and login words of the version are as before.
    expect(smsConsentWords('booking', brand).disclosure).toBe(consent.disclosure);
    // The portal never showed words under an earlier version: none to keep under it.
    expect(SMS_CONSENT_VERSIONS.map(offersPortalTexts)).toEqual([false, false, false, true]);
    expect(portalTextsWords(brand, '2026-11-27.2')).toBeNull();
    // What turning them off shows (and keeps): login codes still go.
    expect(PORTAL_TEXTS_OFF_WORDS).toContain('Login codes still come');
  });

  it('the current version is published; the field takes only published versions, naming the error', () => {
    expect(SMS_CONSENT_VERSIONS).toContain(SMS_CONSENT_VERSION);
    expect(SMS_CONSENT_VERSIONS).toEqual(['2025-06-23', '2026-11-27', '2026-11-27.2', '2026-11-28']);
    expect(smsConsentVersionField.parse('2026-11-27')).toBe('2026-11-27');
    expect(smsConsentVersionField.parse('2026-11-27.2')).toBe('2026-11-27.2');
    for (const bad of [undefined, '', '2020-01-01', 'toString', 42]) {
      const result = smsConsentVersionField.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SMS_CONSENT_VERSION_ERROR);
    }
  });
});

describe('HELP reply', () => {
  it('matches the consent: program, what it sends, help phone, frequency, rates, STOP (word for word)', () => {
    expect(helpReplySms({ company: 'Atlanta Home Cleaning', phone: '(404) 555-0100' })).toBe(
      'Atlanta Home Cleaning customer texts: cleaning updates & login codes. Help: (404) 555-0100. Msg freq varies. Msg&data rates may apply. Reply STOP to opt out.',
    );
  });

  it('fits one GSM-7 segment (160) with the demo company', () => {
    const length = gsm7Length(helpReplySms({ company: DEMO_COMPANY.name, phone: '(404) 555-0100' }));
    expect(length).not.toBeNull();
    expect(length!).toBeLessThanOrEqual(160);
  });
});
