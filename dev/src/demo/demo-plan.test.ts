import { CHANGE_LOCK_MS, PORTAL_HISTORY_LIMIT } from '@app/shared/constants';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, formatEastern } from '@app/shared/eastern-time';
import { isHistoryDeal } from '@app/shared/portal-split';
import { quoteSchema, sentQuote } from '@app/shared/quote';
import { isTicketActive } from '@app/shared/tickets';
import { describe, expect, it } from 'vitest';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { DEMO_CUSTOMER, demoPlan, skusAmount } from './demo-plan';

const dealsOf = (plan: ReturnType<typeof demoPlan>, person: string) => plan.deals.filter((d) => d.person === person);

describe('demo plan', () => {
  // 10:17 in Atlanta on Wednesday 7 October 2026.
  const now = new Date('2026-10-07T14:17:30Z');
  const plan = demoPlan(now);
  const mine = dealsOf(plan, DEMO_CUSTOMER.key);

  it('gives every record a unique demo key', () => {
    const keys = [...plan.people.map((p) => p.key), ...plan.deals.map((d) => d.key), ...plan.deals.flatMap((d) => (d.ticket ? [d.ticket.key] : []))];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has a cleaning of the customer inside the 24-hour lock, on a whole minute (besides the cleaner\'s day)', () => {
    const locked = mine.filter((d) => d.scheduledAt && d.scheduledAt > now && d.scheduledAt.getTime() - now.getTime() <= CHANGE_LOCK_MS && !d.key.startsWith('demo-cleaner-'));
    expect(locked.map((d) => d.key)).toEqual(['demo-soon']);
    expect(formatEastern(locked[0]!.scheduledAt!)).toBe('October 8, 2026 at 6:17 AM');
  });

  it("gives the demo cleaner a cleaning of the customer today and tomorrow (Eastern), scheduled", () => {
    const day = mine.filter((d) => d.key.startsWith('demo-cleaner-'));
    expect(day.map((d) => [d.key, easternToday(d.scheduledAt!), d.stageId, d.ownerId])).toEqual([
      ['demo-cleaner-today', '2026-10-07', STAGE.CLEANING_SCHEDULED, SEED_OWNERS[0]!.id],
      ['demo-cleaner-tomorrow', '2026-10-08', STAGE.CLEANING_SCHEDULED, SEED_OWNERS[0]!.id],
    ]);
  });

  it('has upcoming and past deals in several stages, invoices paid, open and voided, an active and a closed ticket', () => {
    const upcoming = mine.filter((d) => !isHistoryDeal({ dealstage: d.stageId }));
    const history = mine.filter((d) => isHistoryDeal({ dealstage: d.stageId }));
    expect(new Set(upcoming.map((d) => d.stageId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(history.map((d) => d.stageId))).toEqual(new Set([STAGE.CLEANING_DONE, STAGE.CANCELED, STAGE.QUOTE_CANCELED]));
    // One more than the portal shows, so the limit is visible.
    expect(history).toHaveLength(PORTAL_HISTORY_LIMIT + 1);
    expect(new Set(mine.flatMap((d) => (d.invoice ? [d.invoice.status] : [])))).toEqual(new Set(['paid', 'open', 'voided']));
    expect(mine.flatMap((d) => (d.ticket ? [d.ticket.stage] : [])).sort()).toEqual(['1', '1613485805']);
    for (const d of history) expect(d.scheduledAt!.getTime()).toBeLessThan(now.getTime());
  });

  it('has one quote awaiting the customer’s approval, priced by the quote rule, its lines the deal’s skus', () => {
    const quoted = plan.deals.filter((d) => d.quote);
    expect(quoted.map((d) => [d.key, d.person, d.stageId])).toEqual([['demo-quote', DEMO_CUSTOMER.key, STAGE.AWAITING_QUOTE_APPROVAL]]);
    const sent = sentQuote(quoteSchema.parse(quoted[0]!.quote));
    expect(sent.lines.map((line) => line.id)).toEqual(quoted[0]!.skus);
    // $479 + $80 less $30: every part the portal shows (a service, an add-on, an adjustment).
    expect(sent).toMatchObject({ subtotalCents: 55_900, adjustmentCents: -3_000, adjustmentReason: 'Returning customer', totalCents: 52_900 });
  });

  it('has a change request for the office to answer, on a cleaning more than a day ahead', () => {
    const open = mine.filter((d) => d.ticket && isTicketActive({ properties: { hs_ticket_category: d.ticket.category, hs_pipeline_stage: d.ticket.stage } }));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ stageId: STAGE.CLEANING_SCHEDULED, ticket: { category: 'Reschedule Request' } });
    expect(open[0]!.scheduledAt!.getTime() - now.getTime()).toBeGreaterThan(CHANGE_LOCK_MS);
  });

  it('puts other customers’ cleanings with owners on every weekday of the current Eastern week', () => {
    const others = plan.deals.filter((d) => d.person !== DEMO_CUSTOMER.key && d.stageId !== STAGE.CLEAN_REQUESTED);
    const sunday = addDays(easternToday(now), -3);
    const days = new Set(others.map((d) => easternToday(d.scheduledAt!)));
    expect(days).toEqual(new Set([1, 2, 3, 4, 5].map((n) => addDays(sunday, n))));
    for (const d of others) {
      expect(d.stageId).toBe(STAGE.CLEANING_SCHEDULED);
      expect(d.ownerId).toMatch(/^\d+$/);
    }
  });

  it('has new requests from other customers waiting for a quote, with no date yet', () => {
    const requests = plan.deals.filter((d) => d.stageId === STAGE.CLEAN_REQUESTED);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const d of requests) {
      expect(d.person).not.toBe(DEMO_CUSTOMER.key);
      expect(d).toMatchObject({ scheduledAt: null, ownerId: null });
    }
  });

  it('moves with the clock: the same keys, dates relative to now', () => {
    const later = demoPlan(new Date(now.getTime() + 30 * 86_400_000));
    expect(later.deals.map((d) => d.key)).toEqual(plan.deals.map((d) => d.key));
    const soon = later.deals.find((d) => d.key === 'demo-soon')!;
    expect(soon.scheduledAt!.getTime() - now.getTime()).toBeGreaterThan(30 * 86_400_000);
  });

  it('prices skus from the catalogue in dollars', () => {
    expect(skusAmount(['deep-2000', 'addon-oven'])).toBe('559');
    expect(skusAmount(['addon-carpet-shampooing'])).toBeNull();
  });
});
