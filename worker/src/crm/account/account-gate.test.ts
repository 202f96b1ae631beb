import { describe, expect, it } from 'vitest';
import { OUTAGE_PAUSE_MS } from '../../jobs/dispatch';
import { ProviderUnavailableError, RateLimitedError } from '../../jobs/job-errors';
import { delayBeforeNextCheck, OUTAGE_RECHECK_CAP_MS } from './account-gate';

const RECHECK_MS = 60_000;

describe('when the account check runs again after a check that got no answer', () => {
  it('runs a few seconds after a check that met an outage, not a whole recheck interval later', () => {
    // The worker started during an outage with no stored stage map: its crm queue is held until a
    // check answers, so the first retry decides how soon after HubSpot is back bookings move.
    const outage = new ProviderUnavailableError('try scope crm.objects.contacts.write: HTTP 503');
    expect(delayBeforeNextCheck(outage, 1, RECHECK_MS)).toBe(OUTAGE_PAUSE_MS);
    expect(delayBeforeNextCheck(outage, 1, RECHECK_MS)).toBeLessThan(RECHECK_MS / 10);
  });

  it('doubles while HubSpot stays down, up to one check every 30 s (one request each)', () => {
    const outage = new ProviderUnavailableError('HTTP 503');
    const delays = [1, 2, 3, 4, 5, 6, 7, 100].map((n) => delayBeforeNextCheck(outage, n, RECHECK_MS));
    expect(delays).toEqual([3_000, 6_000, 12_000, 24_000, 30_000, 30_000, 30_000, 30_000]);
    expect(OUTAGE_RECHECK_CAP_MS).toBe(30_000);
  });

  it('never waits longer than the configured recheck interval', () => {
    const outage = new ProviderUnavailableError('HTTP 503');
    expect(delayBeforeNextCheck(outage, 1, 1_000)).toBe(1_000);
    expect(delayBeforeNextCheck(new RateLimitedError(5_000), 0, 1_000)).toBe(1_000);
  });

  it('waits what HubSpot’s 429 asks (at least a second), and the recheck interval for anything else', () => {
    expect(delayBeforeNextCheck(new RateLimitedError(2_500), 0, RECHECK_MS)).toBe(2_500);
    expect(delayBeforeNextCheck(new RateLimitedError(10), 0, RECHECK_MS)).toBe(1_000);
    expect(delayBeforeNextCheck(new Error('database unavailable'), 0, RECHECK_MS)).toBe(RECHECK_MS);
  });
});
