import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db/client';
import type { Prisma } from '@app/db/generated/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import { sentQuoteSchema } from '@app/shared/quote';
import { quoteLines } from '../jobs/deal-commands/quote';
import { catalogueLine } from './deal-line-items';

/**
 * The invoice of an approved quote (docs/payments.md), written in the transaction that settles the
 * answer as applied, with its crm.make-invoice event: an answer settled once makes one invoice.
 */
export async function writeQuoteInvoice(tx: Prisma.TransactionClient, answer: { id: string; dealId: string }): Promise<string> {
  const id = randomUUID();
  await tx.madeInvoice.create({ data: { id, dealId: answer.dealId, quoteAnswerId: answer.id }, select: { id: true } });
  await tx.outboxEvent.create({ data: outboxEvent('crm.make-invoice', { invoiceId: id }, { aggregateId: id }) });
  return id;
}

/**
 * The invoice of a recurring plan's visit once it is done (the plan's billing: each visit after
 * the cleaning), written in the mirror's transaction that sees it done, with its event; one per
 * visit (a unique index), so a re-read or a second close-out writes none. A visit billed already
 * (the plan's first visit, invoiced from its approved quote, or one invoiced by hand in HubSpot)
 * gets none. True when written.
 */
export async function writeVisitInvoice(tx: Prisma.TransactionClient, dealId: string): Promise<boolean> {
  const billed = await tx.deal.findFirst({ where: { id: dealId, OR: [{ invoiceHubspotId: { not: null } }, { madeInvoices: { some: {} } }] }, select: { id: true } });
  if (billed) return false;
  const id = randomUUID();
  const { count } = await tx.madeInvoice.createMany({ data: [{ id, dealId, source: 'visit' }], skipDuplicates: true });
  if (count === 0) return false;
  await tx.outboxEvent.create({ data: outboxEvent('crm.make-invoice', { invoiceId: id }, { aggregateId: id }) });
  return true;
}

/** A line of a made invoice: its catalogue id when it has one, its name, its price. */
export interface InvoiceLine {
  sku: string | null;
  name: string;
  cents: number;
}

/** An invoice to make, with what HubSpot needs of its deal and contact, and its lines (null: none could be read). */
export interface InvoiceToMake {
  id: string;
  status: 'pending' | 'made' | 'failed';
  createdAt: Date;
  deal: { id: string; hubspotId: string | null; archivedAt: Date | null; contactHubspotId: string | null };
  lines: InvoiceLine[] | null;
  /** A tip: on the customer's contact only, so the deal's own invoice stays the cleaning's. */
  tip: boolean;
}

export async function loadInvoice(db: Db, id: string): Promise<InvoiceToMake | null> {
  const row = await db.madeInvoice.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      source: true,
      createdAt: true,
      deal: { select: { id: true, hubspotId: true, archivedAt: true, skus: true, amountCents: true, contact: { select: { hubspotId: true } } } },
      quoteAnswer: { select: { quote: { select: { changes: true } } } },
      tipCents: true,
      owner: { select: { firstName: true } },
    },
  });
  if (!row) return null;
  const { deal } = row;
  return {
    id: row.id,
    status: row.status as InvoiceToMake['status'],
    createdAt: row.createdAt,
    deal: { id: deal.id, hubspotId: deal.hubspotId, archivedAt: deal.archivedAt, contactHubspotId: deal.contact?.hubspotId ?? null },
    lines: linesOf(row),
    tip: row.source === 'tip',
  };
}

function linesOf(row: { source: string; tipCents: number | null; owner: { firstName: string | null } | null; deal: { skus: string[]; amountCents: number | null }; quoteAnswer: { quote: { changes: unknown } } | null }): InvoiceLine[] | null {
  if (row.source === 'visit') return visitLines(row.deal.skus, row.deal.amountCents);
  if (row.source === 'tip') return row.tipCents ? [{ sku: null, name: tipLineName(row.owner?.firstName ?? null), cents: row.tipCents }] : null;
  return quoteInvoiceLines(row.quoteAnswer?.quote.changes);
}

/** A tip's one line: "Tip for Maria". */
export const tipLineName = (firstName: string | null) => `Tip for ${firstName?.trim() || 'your cleaner'}`;

/** An approved quote's lines: its catalogue lines, the first-booking discount and the adjustment. */
function quoteInvoiceLines(changes: unknown): InvoiceLine[] | null {
  const quote = sentQuoteSchema.safeParse((changes as { quote?: unknown } | undefined)?.quote);
  return quote.success ? quoteLines(quote.data) : null;
}

/**
 * A plan visit's lines: each of its products at its catalogue price, and the difference to the
 * visit's own price (the plan's, which the recurring price and the office set) as a line of its
 * own, so the invoice bills exactly what the visit costs. None without a price.
 */
export function visitLines(skus: readonly string[], amountCents: number | null): InvoiceLine[] | null {
  if (amountCents === null || amountCents <= 0) return null;
  const lines = skus.map((sku) => {
    const line = catalogueLine(sku);
    return { ...line, cents: line.cents ?? 0 };
  });
  const difference = amountCents - lines.reduce((sum, line) => sum + line.cents, 0);
  if (lines.length === 0) return [{ sku: null, name: 'Recurring cleaning visit', cents: amountCents }];
  return difference === 0 ? lines : [...lines, { sku: null, name: 'Recurring plan price', cents: difference }];
}

/** Settles a pending invoice: open in HubSpot, or refused for good; one settled already is left alone. */
export async function settleInvoice(db: Db, id: string, outcome: { status: 'made'; hubspotId: string; payUrl?: string | null } | { status: 'failed'; error: string }, at: Date): Promise<void> {
  await db.madeInvoice.updateMany({
    where: { id, status: 'pending' },
    data: outcome.status === 'made' ? { status: 'made', hubspotId: outcome.hubspotId, madeAt: at, payUrl: outcome.payUrl ?? null } : { status: 'failed', error: outcome.error },
  });
}
