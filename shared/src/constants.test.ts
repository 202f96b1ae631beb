import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('§9 business constants, value for value', () => {
  it('timings in milliseconds', () => {
    expect(c.SIGNED_OUT_BANNER_MS).toBe(15_000);
    expect(c.BOOKING_CREATING_DELAY_MS).toBe(2_000);
    expect(c.BOOKING_TIDYING_DELAY_MS).toBe(2_000);
    expect(c.SUCCESS_MODAL_CLOSE_MS).toBe(1_200);
    expect(c.PORTAL_POLL_MS).toBe(15_000);
  });

  it('date rules', () => {
    expect(c.BOOKING_MIN_DAYS_AHEAD).toBe(5);
    expect(c.PORTAL_MIN_DAYS_AHEAD).toBe(3);
    expect(c.CHANGE_LOCK_MS).toBe(24 * 60 * 60 * 1000);
    expect(c.BUSINESS_TIME_ZONE).toBe('America/New_York');
  });

  it('field limits', () => {
    expect(c.MAX_PHOTOS).toBe(5);
    expect(c.STATE_LENGTH).toBe(2);
    expect(c.ZIP_LENGTH).toBe(5);
    expect(c.PHONE_DIGITS).toBe(10);
    expect(c.US_COUNTRY_CODE).toBe('+1');
    expect(c.LOGIN_CODE_LENGTH).toBe(6);
  });

  it('portal history and ticket closed stages', () => {
    expect(c.PORTAL_HISTORY_LIMIT).toBe(6);
    expect([...c.TICKET_CLOSED_STAGES].sort()).toEqual(['1613485805', '1613485806', '4']);
  });

  it('cookie consent key has a product prefix, value true', () => {
    expect(c.COOKIE_CONSENT_KEY).toBe('atlantahomecleaning.cookieConsent');
    expect(c.COOKIE_CONSENT_VALUE).toBe('true');
  });

  it('offer, packages and frequencies', () => {
    expect(c.FIRST_BOOKING_DISCOUNT_PERCENT).toBe(10);
    expect(c.ASSESSMENT_MINUTES).toBe(15);
    expect(c.ASSESSMENT_PRICE_CENTS).toBe(0);
    expect(c.CONTACT_PROMISE_MS).toBe(24 * 3_600_000);
    expect(c.PACKAGE_MAX_DURATION_MS).toEqual({ basic: 2 * 3_600_000, deep: 4 * 3_600_000 });
    expect(c.RECURRING_FREQUENCIES).toEqual(['weekly', 'bi-weekly', 'monthly']);
  });

  it('calendar starts in the week view with time slots', () => {
    expect(c.CALENDAR_DEFAULT_VIEW).toBe('timeGridWeek');
  });

  it('twelve legal documents dated June 23, 2025', () => {
    expect(c.LEGAL_DOCUMENTS).toEqual([
      'promo', 'privacy', 'terms', 'limited-liability', 'contact', 'cancellation',
      'refunds', 'payments', 'severability', 'cookie', 'subscription', 'portal',
    ]);
    expect(c.LEGAL_DISPLAY_DATE).toBe('June 23, 2025');
  });
});
