import { describe, expect, it } from 'vitest';
import type { SentRequest, Sighting } from './requests';
import { reachDeadline, tallyFault } from './tally';

const END = 100_000;
const BOUND = 180_000;

function request(kind: SentRequest['kind'], takenAt: number | null, answers: number[] = [takenAt === null ? 503 : 201]): SentRequest {
  return { kind, key: takenAt === null ? null : `${kind}-${takenAt}`, sentAt: 90_000, takenAt, answers };
}

function tally(requests: SentRequest[], sightings: Map<SentRequest, Sighting>, now: number) {
  return tallyFault({ requests, seen: (r) => sightings.get(r), faultEndedAt: END, reachWithinMs: BOUND, now });
}

describe('tallyFault', () => {
  it('counts taken requests that arrived as reached, and heals at the last arrival after the fault', () => {
    const a = request('booking', 95_000);
    const b = request('login code', 99_000);
    const seen = new Map([
      [a, { firstSeenAt: 97_000, copies: 1 }],
      [b, { firstSeenAt: 141_500, copies: 1 }],
    ]);
    expect(tally([a, b], seen, 150_000)).toMatchObject({ sent: 2, taken: 2, reached: 2, lost: 0, pending: 0, duplicated: 0, healMs: 41_500 });
  });

  it('heals at once when everything arrived before the fault ended', () => {
    const a = request('booking', 95_000);
    expect(tally([a], new Map([[a, { firstSeenAt: 96_000, copies: 1 }]]), 101_000).healMs).toBe(0);
  });

  it('waits for a missing request until its bound, then counts it lost and leaves no time to heal', () => {
    const a = request('change request', 95_000);
    const b = request('booking', 96_000);
    const seen = new Map([[b, { firstSeenAt: 98_000, copies: 1 }]]);
    expect(tally([a, b], seen, END + BOUND - 1)).toMatchObject({ reached: 1, pending: 1, lost: 0, healMs: null });
    expect(tally([a, b], seen, END + BOUND)).toMatchObject({ reached: 1, pending: 0, lost: 1, healMs: null, lostByKind: { 'change request': 1 } });
  });

  it('counts an arrival after the bound as lost', () => {
    const a = request('booking', 95_000);
    const seen = new Map([[a, { firstSeenAt: END + BOUND + 1, copies: 1 }]]);
    expect(tally([a], seen, END + BOUND + 2)).toMatchObject({ reached: 0, lost: 1 });
  });

  it('gives a request taken after the fault ended its own bound', () => {
    const late = request('booking', END + 30_000);
    expect(reachDeadline(late, END, BOUND)).toBe(END + 30_000 + BOUND);
    expect(tally([late], new Map(), END + BOUND + 1)).toMatchObject({ pending: 1, lost: 0 });
  });

  it('counts a request found more than once as duplicated, and still as reached', () => {
    const a = request('login code', 95_000);
    const result = tally([a], new Map([[a, { firstSeenAt: 120_000, copies: 2 }]]), 130_000);
    expect(result).toMatchObject({ reached: 1, duplicated: 1, duplicatedByKind: { 'login code': 1 }, healMs: 20_000 });
  });

  it('counts requests never taken apart, with every 503 their attempts got', () => {
    const refused = request('booking', null, [503, 503, 0, 503]);
    const taken = request('booking', 99_000, [503, 201]);
    const result = tally([refused, taken], new Map([[taken, { firstSeenAt: 100_500, copies: 1 }]]), 101_000);
    expect(result).toMatchObject({ sent: 2, taken: 1, notTaken: 1, unavailable: 4, reached: 1, lost: 0, healMs: 500 });
    expect(result.failedAnswers).toEqual({ 0: 1, 503: 4 });
  });
});
