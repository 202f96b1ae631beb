import { describe, expect, it } from 'vitest';
import { emailsFailed, tallyEmails, type PlannedEmail, type TakenBooking } from './email-tally';
import { emailIdOf } from './mail-inbox';
import type { Sighting } from './requests';

const END = 100_000;
const BOUND = 180_000;

const booking = (dealId: string): TakenBooking => ({ dealId, takenAt: 95_000 });
const email = (id: string, dealId: string, status = 'queued', createdAt = 95_000): PlannedEmail => ({ id, dealId, purpose: 'request_received', status, createdAt });

function tally(bookings: TakenBooking[], emails: PlannedEmail[], seen: Record<string, Sighting>, now: number) {
  return tallyEmails({ bookings, emails, seen: (id) => seen[id], faultEndedAt: END, reachWithinMs: BOUND, now });
}

describe('tallyEmails', () => {
  it('counts each planned e-mail found in the inbox as delivered, a resend under its Message-ID as one, and heals at the last arrival', () => {
    const seen = { a: { firstSeenAt: 99_000, copies: 1 }, b: { firstSeenAt: 131_000, copies: 3 } };
    const counted = tally([booking('d1'), booking('d2')], [email('a', 'd1', 'sent'), email('b', 'd2', 'sent')], seen, 140_000);
    expect(counted).toEqual({ bookings: 2, planned: 2, delivered: 2, pending: 0, lost: 0, unplanned: 0, duplicated: 0, resent: 2, healMs: 31_000 });
    expect(emailsFailed(counted)).toBe(false);
  });

  it('waits for a queued e-mail until the bound, then counts it lost; one that ended failed or canceled is lost at once', () => {
    const emails = [email('a', 'd1'), email('b', 'd2', 'failed'), email('c', 'd3', 'canceled')];
    const bookings = [booking('d1'), booking('d2'), booking('d3')];
    expect(tally(bookings, emails, {}, END + BOUND - 1)).toMatchObject({ pending: 1, lost: 2, healMs: null });
    expect(tally(bookings, emails, {}, END + BOUND)).toMatchObject({ pending: 0, lost: 3, healMs: null });
    // Found only after its bound: too late, lost.
    expect(tally([booking('d1')], [email('a', 'd1', 'sent')], { a: { firstSeenAt: END + BOUND + 1, copies: 1 } }, END + BOUND + 2)).toMatchObject({ delivered: 0, lost: 1 });
  });

  it('counts a taken booking without an e-mail row as lost (never planned), and a notice delivered under two Message-IDs as duplicated', () => {
    const seen = { a: { firstSeenAt: 101_000, copies: 1 }, b: { firstSeenAt: 102_000, copies: 1 } };
    const counted = tally([booking('d1'), booking('d2')], [email('a', 'd1', 'sent'), email('b', 'd1', 'sent')], seen, 110_000);
    expect(counted).toMatchObject({ planned: 2, delivered: 2, lost: 1, unplanned: 1, duplicated: 1 });
    expect(emailsFailed(counted)).toBe(true);
    expect(emailsFailed({ ...counted, lost: 0 })).toBe(true);
  });
});

describe('emailIdOf', () => {
  it('reads our row id from our Message-ID, and nothing from anyone else', () => {
    expect(emailIdOf('<8F0C3B1E-2D4A-4F6B-9C7D-1E2F3A4B5C6D@cleaning.example>')).toBe('8f0c3b1e-2d4a-4f6b-9c7d-1e2f3a4b5c6d');
    expect(emailIdOf('<notice-1@cleaning.example>')).toBeNull();
    expect(emailIdOf('8f0c3b1e-2d4a-4f6b-9c7d-1e2f3a4b5c6d@cleaning.example')).toBeNull();
  });
});
