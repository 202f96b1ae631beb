import { describe, expect, it } from 'vitest';
import { isUsPhone, normalizeUsPhone, toBookingPhone, toLoginPhone } from './phone';

describe('booking/contact phone rule: digits only, first 10, prefixed +1', () => {
  it.each([
    ['404-555-1234', '+14045551234'],
    ['(404) 555-1234', '+14045551234'],
    ['404555123499', '+14045551234'],
    ['404', '+1404'],
    ['', '+1'],
  ])('%s → %s', (raw, expected) => {
    expect(toBookingPhone(raw)).toBe(expected);
  });
});

describe('login phone rule of §5', () => {
  it.each([
    ['1 (404) 555-1234', '+14045551234'],
    ['404-555-1234', '+14045551234'],
    ['+1 404 555 1234', '+14045551234'],
    ['4045551234', '+14045551234'],
    ['123', '+123'],
    ['', '+1'],
  ])('%s → %s', (raw, expected) => {
    expect(toLoginPhone(raw)).toBe(expected);
  });
});

describe('isUsPhone', () => {
  it('accepts +1 and exactly 10 digits only', () => {
    expect(isUsPhone('+14045551234')).toBe(true);
    expect(isUsPhone('+1404555123')).toBe(false);
    expect(isUsPhone('+140455512345')).toBe(false);
    expect(isUsPhone('4045551234')).toBe(false);
    expect(isUsPhone('+1 404 555 1234')).toBe(false);
    expect(isUsPhone('+24045551234')).toBe(false);
  });
});

describe('normalizeUsPhone', () => {
  it('normalises common spellings and refuses wrong digit counts', () => {
    expect(normalizeUsPhone('(404) 555-1234')).toBe('+14045551234');
    expect(normalizeUsPhone('+1 404.555.1234')).toBe('+14045551234');
    expect(normalizeUsPhone('404555123')).toBeNull();
    expect(normalizeUsPhone('24045551234')).toBeNull();
    expect(normalizeUsPhone('404555123456')).toBeNull();
  });
});
