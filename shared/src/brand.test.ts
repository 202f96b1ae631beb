import { describe, expect, it } from 'vitest';
import { BRAND } from './brand';
import { isUsPhone } from './phone';
import { consentRequiredMessage } from './texts';

describe('brand', () => {
  it('has the identity every page and policy needs', () => {
    expect(BRAND.name).toBe('Atlanta Home Cleaning');
    expect(BRAND.legalName).toBe('Atlanta Home Cleaning LLC');
    expect(BRAND.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(BRAND.established).toBe(2025);
    // A US phone in the stored form, so tel: links and the (404) 555-0100 display work.
    expect(isUsPhone(BRAND.phone)).toBe(true);
    expect(BRAND.hours.trim()).not.toBe('');
    expect(BRAND.trust.length).toBeGreaterThan(0);
  });

  it('puts the legal name into the consent text', () => {
    expect(consentRequiredMessage(BRAND.legalName)).toBe(
      'You must consent to allowing Atlanta Home Cleaning LLC to contact you before submitting.',
    );
  });
});
