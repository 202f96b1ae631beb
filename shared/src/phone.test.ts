import { describe, expect, it } from 'vitest';
import { formatUsPhone, isUsPhone, normalizeUsPhone, tidyUsPhone, toLoginPhone } from './phone';

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
    // No US area code starts with 0 or 1.
    expect(isUsPhone('+11404555778')).toBe(false);
    expect(isUsPhone('+10404555778')).toBe(false);
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

  it('keeps every digit of a number typed with its country code (the booking form once dropped the last one)', () => {
    expect(normalizeUsPhone('+1 (404) 555-7788')).toBe('+14045557788');
    expect(normalizeUsPhone('1-404-555-7788')).toBe('+14045557788');
    expect(normalizeUsPhone('404-555-1234 ext 99')).toBeNull();
    expect(normalizeUsPhone('')).toBeNull();
    // A country code and nine digits: one is missing.
    expect(normalizeUsPhone('1404555778')).toBeNull();
  });
});

describe('formatUsPhone', () => {
  it('writes a stored phone as people do, and leaves anything else alone', () => {
    expect(formatUsPhone('+14045557788')).toBe('(404) 555-7788');
    expect(formatUsPhone('+4420')).toBe('+4420');
  });
});

describe('tidyUsPhone', () => {
  it('shows a valid typed number back as (404) 555-7788, and leaves an invalid one to its error', () => {
    expect(tidyUsPhone('+1 404.555.7788')).toBe('(404) 555-7788');
    expect(tidyUsPhone('404-555')).toBeNull();
  });
});
