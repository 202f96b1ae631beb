import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from './company';
import { helpReplySms, gsm7Length } from './customer-messages';
import { smsConsentVersionField } from './form-fields';
import { SMS_CONSENT_VERSION, SMS_CONSENT_VERSIONS, SMS_CONSENT_VERSION_ERROR, smsConsentWords, smsProgramName } from './sms-consent';
import { LOGIN_SMS_CONSENT } from './texts';

const brand = { name: 'Sweet Peach Cleaning', legalName: 'Sweet Peach Cleaning LLC' };
const DISCLOSURE =
  'Sweet Peach Cleaning customer texts: booking confirmations, appointment reminders and changes, invoices, login codes and answers to your requests. Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help.';

describe('text message consent words', () => {
  it('names the program after the company', () => {
    expect(smsProgramName(brand)).toBe('Sweet Peach Cleaning customer texts');
    expect(smsProgramName(DEMO_COMPANY)).toBe('Atlanta Home Cleaning customer texts');
  });

  it('booking: the agreed checkbox covers texts, then the program terms and the links', () => {
    const consent = smsConsentWords('booking', brand);
    expect(consent.version).toBe('2026-11-27');
    expect(consent.lead).toBeNull();
    expect(consent.agreement).toBe(
      'I agree to allow Sweet Peach Cleaning LLC to contact me about this request by phone, text or email, and to receive Sweet Peach Cleaning customer texts at this phone number.',
    );
    expect(consent.disclosure).toBe(DISCLOSURE);
    expect(consent.words).toBe(`${consent.agreement} ${DISCLOSURE} See our Privacy Policy and Terms.`);
  });

  it('login: the spec statement word for word first, then the program', () => {
    const consent = smsConsentWords('login', brand);
    expect(consent.lead).toBe(LOGIN_SMS_CONSENT);
    expect(LOGIN_SMS_CONSENT).toBe('By continuing, you agree to receive a one-time text message for verification. Standard messaging rates may apply.');
    expect(consent.agreement).toBe('You also agree to receive Sweet Peach Cleaning customer texts at this phone number.');
    expect(consent.words).toBe(
      'By continuing, you agree to receive a one-time text message for verification. Standard messaging rates may apply. ' +
        'You also agree to receive Sweet Peach Cleaning customer texts at this phone number. ' +
        `${DISCLOSURE} See our Privacy Policy and Terms.`,
    );
  });

  it('says what vetting looks for: program, texts, frequency, rates, STOP and HELP', () => {
    const { disclosure } = smsConsentWords('booking', DEMO_COMPANY);
    for (const part of ['Atlanta Home Cleaning customer texts', 'Message frequency varies.', 'Msg & data rates may apply.', 'Reply STOP to opt out, HELP for help.']) {
      expect(disclosure).toContain(part);
    }
  });

  it('the current version is published; the field takes only published versions, naming the error', () => {
    expect(SMS_CONSENT_VERSIONS).toContain(SMS_CONSENT_VERSION);
    expect(smsConsentVersionField.parse('2026-11-27')).toBe('2026-11-27');
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
