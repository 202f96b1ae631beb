import { describe, expect, it } from 'vitest';
import { loginErrorMessage, loginErrorTone, requestCodeSchema, verifyCodeSchema } from './login';
import { DEMO_COMPANY } from './company';
import { PRODUCT_SPEC_CONSENT_VERSION, smsConsentWords } from './sms-consent';
import { LOGIN_SMS_CONSENT } from './texts';

describe('login schemas', () => {
  it('apply the login phone rule', () => {
    expect(requestCodeSchema.parse({ email: 'A@B.co', phone: '1 (404) 555-1234', code: '', consentVersion: '2026-11-27' })).toEqual({
      email: 'a@b.co',
      phone: '+14045551234',
      code: '',
      consentVersion: '2026-11-27',
    });
    expect(requestCodeSchema.parse({ email: 'a@b.co', phone: '404-555-1234', consentVersion: '2026-11-27' }).phone).toBe('+14045551234');
  });

  it('refuse a phone that is not +1 and 10 digits after the rule', () => {
    const result = requestCodeSchema.safeParse({ email: 'a@b.co', phone: '555-1234', consentVersion: '2026-11-27' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phone', 'Please enter a valid 10-digit US phone number.'],
    ]);
    expect(requestCodeSchema.safeParse({ email: 'a@b.co', phone: '44 20 7946 0958' }).success).toBe(false);
  });

  it('the code is free text, trimmed, required only to verify', () => {
    expect(verifyCodeSchema.parse({ email: 'a@b.co', phone: '4045551234', code: ' 12345a ' }).code).toBe('12345a');
    const result = verifyCodeSchema.safeParse({ email: 'a@b.co', phone: '4045551234', code: '  ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['code', 'Please enter the code we texted you.']]);
  });

  it('refuse a bad email and unknown fields', () => {
    const result = verifyCodeSchema.safeParse({ email: 'nope', phone: '4045551234', code: '1' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['email', 'Please enter a valid email address.']]);
    expect(requestCodeSchema.safeParse({ email: 'a@b.co', phone: '4045551234', remember: true }).success).toBe(false);
  });

  it('refuses a version of the text message terms we never published, naming the field', () => {
    const message = 'Please reload the page: the text message terms you saw are not ones we know.';
    const result = requestCodeSchema.safeParse({ email: 'a@b.co', phone: '4045551234', consentVersion: '2099-01-01' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['consentVersion', message]]);
  });

  it("takes §7's payload as listed (email, phone, code): step 1 showed §2's statement", () => {
    const parsed = requestCodeSchema.parse({ email: 'a@b.co', phone: '4045551234', code: '' });
    expect(parsed.consentVersion).toBe(PRODUCT_SPEC_CONSENT_VERSION);
    expect(smsConsentWords('login', DEMO_COMPANY, parsed.consentVersion).words).toBe(LOGIN_SMS_CONSENT);
  });
});

describe('login errors (§8)', () => {
  it("show the response's error, else the step's default", () => {
    expect(loginErrorMessage('request-code', 'No account found')).toBe('No account found');
    expect(loginErrorMessage('request-code')).toBe('Something went wrong.');
    expect(loginErrorMessage('verify-code', null)).toBe('Verification failed.');
    expect(loginErrorMessage('verify-code', '')).toBe('Verification failed.');
  });

  it("'suspended' and 'not yet eligible' are warnings, everything else an error", () => {
    expect(loginErrorTone('Your account is suspended.')).toBe('warning');
    expect(loginErrorTone('You are Not Yet Eligible for the portal')).toBe('warning');
    expect(loginErrorTone('Verification failed.')).toBe('error');
  });
});
