import type { Db, DbTransaction } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import { TIP_MAX_PER_VISIT, tipsOpen, TIP_PRESETS_CENTS, type TipOffer, type TipState } from '@app/shared/tips';

const tipDealSelect = { id: true, stageId: true, visitOutcome: true, ownerId: true, scheduledAt: true, archivedAt: true, owner: { select: { firstName: true } } } as const;

async function openDeal(db: Db | DbTransaction, dealId: string, now: Date) {
  const deal = await db.deal.findUnique({ where: { id: dealId }, select: tipDealSelect });
  if (!deal || deal.archivedAt) return { kind: 'not_found' as const };
  return tipsOpen(deal, now) ? { kind: 'open' as const, deal } : { kind: 'closed' as const };
}

/** What the tip page shows of a cleaning that can be tipped (docs/payments.md#tips). */
export async function readTipOffer(db: Db, dealId: string, now: Date): Promise<{ kind: 'open'; offer: TipOffer } | { kind: 'not_found' | 'closed' }> {
  const found = await openDeal(db, dealId, now);
  if (found.kind !== 'open') return found;
  const { deal } = found;
  return { kind: 'open', offer: { cleaner: deal.owner?.firstName?.trim() || 'your cleaner', scheduledAt: deal.scheduledAt!.toISOString(), presetsCents: [...TIP_PRESETS_CENTS] } };
}

const stateOf = (row: { id: string; tipCents: number | null; status: string; payUrl: string | null }): TipState => ({
  tipId: row.id,
  cents: row.tipCents ?? 0,
  status: row.status as TipState['status'],
  payUrl: row.status === 'made' ? row.payUrl : null,
});

/** A tip of the cleaning, or null when the id is another cleaning's or no tip's. */
export async function readTip(db: Db, dealId: string, tipId: string): Promise<TipState | null> {
  const row = await db.madeInvoice.findFirst({ where: { id: tipId, dealId, source: 'tip' }, select: { id: true, tipCents: true, status: true, payUrl: true } });
  return row ? stateOf(row) : null;
}

export type GiveTipOutcome = { kind: 'given'; tip: TipState; created: boolean } | { kind: 'not_found' | 'closed' | 'limit' };

/**
 * The customer's tip, for the cleaner the cleaning has now: a made_invoice of source 'tip' with
 * its crm.make-invoice event, in one transaction (the worker makes it in HubSpot, open, and keeps
 * its payment page). The page's `tipId` makes a retry, a double click or a lost answer the same
 * tip. At most TIP_MAX_PER_VISIT tips a cleaning, failed ones aside.
 */
export async function giveTip(db: Db, input: { dealId: string; tipId: string; cents: number }, now: Date): Promise<GiveTipOutcome> {
  return db.$transaction(async (tx) => {
    // The deal's row is locked first: two requests at once (the same tip twice, or two tips near
    // the limit) go one after the other, the second seeing what the first wrote.
    await tx.$executeRaw`SELECT 1 FROM deal WHERE id = ${input.dealId} FOR UPDATE`;
    const existing = await tx.madeInvoice.findUnique({ where: { id: input.tipId }, select: { id: true, dealId: true, source: true, tipCents: true, status: true, payUrl: true } });
    if (existing) return existing.dealId === input.dealId && existing.source === 'tip' ? { kind: 'given' as const, tip: stateOf(existing), created: false } : { kind: 'not_found' as const };
    const found = await openDeal(tx, input.dealId, now);
    if (found.kind !== 'open') return found;
    const given = await tx.madeInvoice.count({ where: { dealId: input.dealId, source: 'tip', status: { not: 'failed' } } });
    if (given >= TIP_MAX_PER_VISIT) return { kind: 'limit' as const };
    const row = await tx.madeInvoice.create({
      data: { id: input.tipId, dealId: input.dealId, source: 'tip', tipCents: input.cents, ownerId: found.deal.ownerId },
      select: { id: true, tipCents: true, status: true, payUrl: true },
    });
    await tx.outboxEvent.create({ data: outboxEvent('crm.make-invoice', { invoiceId: row.id }, { aggregateId: row.id }) });
    return { kind: 'given' as const, tip: stateOf(row), created: true };
  });
}
