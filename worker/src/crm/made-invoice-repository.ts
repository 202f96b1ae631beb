import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db/client';
import type { Prisma } from '@app/db/generated/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import { sentQuoteSchema, type SentQuote } from '@app/shared/quote';

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

/** An invoice to make, with what HubSpot needs of its deal and contact, and the quote it bills. */
export interface InvoiceToMake {
  id: string;
  status: 'pending' | 'made' | 'failed';
  createdAt: Date;
  deal: { id: string; hubspotId: string | null; archivedAt: Date | null; contactHubspotId: string | null };
  quote: SentQuote | null;
}

export async function loadInvoice(db: Db, id: string): Promise<InvoiceToMake | null> {
  const row = await db.madeInvoice.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      createdAt: true,
      deal: { select: { id: true, hubspotId: true, archivedAt: true, contact: { select: { hubspotId: true } } } },
      quoteAnswer: { select: { quote: { select: { changes: true } } } },
    },
  });
  if (!row) return null;
  const quote = row.quoteAnswer ? sentQuoteSchema.safeParse((row.quoteAnswer.quote.changes as { quote?: unknown }).quote) : null;
  return {
    id: row.id,
    status: row.status as InvoiceToMake['status'],
    createdAt: row.createdAt,
    deal: { id: row.deal.id, hubspotId: row.deal.hubspotId, archivedAt: row.deal.archivedAt, contactHubspotId: row.deal.contact?.hubspotId ?? null },
    quote: quote?.success ? quote.data : null,
  };
}

/** Settles a pending invoice: open in HubSpot, or refused for good; one settled already is left alone. */
export async function settleInvoice(db: Db, id: string, outcome: { status: 'made'; hubspotId: string } | { status: 'failed'; error: string }, at: Date): Promise<void> {
  await db.madeInvoice.updateMany({
    where: { id, status: 'pending' },
    data: outcome.status === 'made' ? { status: 'made', hubspotId: outcome.hubspotId, madeAt: at } : { status: 'failed', error: outcome.error },
  });
}
