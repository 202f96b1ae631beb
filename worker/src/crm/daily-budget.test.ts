import { describe, expect, it } from 'vitest';
import { accountDay, dailyFiguresFromHeaders, dailyGate, DEFAULT_DAILY_LIMITS, hubspotUseOfJob, isTimeZone } from './daily-budget';

describe("the account's day", () => {
  it('is the calendar date in the account time zone, ending at its next midnight', () => {
    // 03:30 UTC on 27 November is still the 26th in New York (UTC-5); the day ends at 05:00 UTC.
    expect(accountDay(Date.parse('2026-11-27T03:30:00Z'), 'America/New_York')).toEqual({ day: '2026-11-26', resetsAt: Date.parse('2026-11-27T05:00:00Z') });
    expect(accountDay(Date.parse('2026-11-27T03:30:00Z'), 'Europe/Berlin')).toEqual({ day: '2026-11-27', resetsAt: Date.parse('2026-11-27T23:00:00Z') });
  });

  it('ends at local midnight across a daylight-saving change (days of 25 and 23 hours)', () => {
    // 1 November 2026: clocks go back in New York; that day ends at 05:00 UTC on the 2nd.
    expect(accountDay(Date.parse('2026-11-01T12:00:00Z'), 'America/New_York')).toEqual({ day: '2026-11-01', resetsAt: Date.parse('2026-11-02T05:00:00Z') });
    // 8 March 2026: clocks go forward; the day ends at 04:00 UTC on the 9th.
    expect(accountDay(Date.parse('2026-03-08T12:00:00Z'), 'America/New_York')).toEqual({ day: '2026-03-08', resetsAt: Date.parse('2026-03-09T04:00:00Z') });
  });

  it('knows time zones from names', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Eastern')).toBe(false);
  });
});

describe('what each use may spend of the day', () => {
  it('keeps the reserve for pushes and stops the sweep first', () => {
    expect(dailyGate('push', DEFAULT_DAILY_LIMITS)).toEqual({ perMille: 1_000, cap: 0 });
    expect(dailyGate('pull', DEFAULT_DAILY_LIMITS)).toEqual({ perMille: 900, cap: 0 });
    expect(dailyGate('sweep', DEFAULT_DAILY_LIMITS)).toEqual({ perMille: 800, cap: 2_500 });
    expect(hubspotUseOfJob('crm.push-booking')).toBe('push');
    expect(hubspotUseOfJob('crm.sweep')).toBe('sweep');
    expect(hubspotUseOfJob('something.new')).toBe('pull');
  });
});

describe("HubSpot's daily headers", () => {
  it('reads the limit and the remaining figure, in any case, and nothing when one is missing or odd', () => {
    expect(dailyFiguresFromHeaders({ 'x-hubspot-ratelimit-daily': '250000', 'x-hubspot-ratelimit-daily-remaining': '249000' })).toEqual({ limit: 250_000, remaining: 249_000 });
    expect(dailyFiguresFromHeaders({ 'X-HubSpot-RateLimit-Daily': '500', 'X-HubSpot-RateLimit-Daily-Remaining': '900' })).toEqual({ limit: 500, remaining: 500 });
    expect(dailyFiguresFromHeaders({ 'x-hubspot-ratelimit-max': '100', 'x-hubspot-ratelimit-remaining': '99' })).toBeUndefined();
    expect(dailyFiguresFromHeaders({ 'x-hubspot-ratelimit-daily': 'n/a', 'x-hubspot-ratelimit-daily-remaining': '3' })).toBeUndefined();
  });
});
