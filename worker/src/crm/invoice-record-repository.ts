import type { Db } from '@app/db/client';
import type { InvoiceStatus } from '@app/db/generated/client';
import type { MirroredInvoice } from './mirror-repository';

/** An invoice as the mirror read it, and the HubSpot id of the deal it is on (null: none we mirror). */
export interface InvoiceOnDeal {
  invoice: MirroredInvoice;
  dealHubspotId: string | null;
}

/**
 * How much an invoice counts as a deal's own: an open or paid one is what the customer owes or
 * paid; a draft is on its way to being one; a voided one was replaced or withdrawn. The deal's
 * invoice (its invoice_* columns, which the portal shows) is the highest of its invoices, the
 * newest among equals: a void and reissue shows the new one, never the void.
 */
export function invoiceRank(status: InvoiceStatus | null): number {
  if (status === 'open' || status === 'paid') return 2;
  return status === 'draft' ? 1 : 0;
}

/** The invoice of several on one deal that is its own (invoiceRank, then the newest). */
export function liveInvoice(invoices: readonly MirroredInvoice[]): MirroredInvoice | null {
  let best: MirroredInvoice | null = null;
  for (const invoice of invoices) {
    if (!best) best = invoice;
    else {
      const byRank = invoiceRank(invoice.status) - invoiceRank(best.status);
      const newer = (invoice.modifiedAt?.getTime() ?? 0) > (best.modifiedAt?.getTime() ?? 0);
      if (byRank > 0 || (byRank === 0 && newer)) best = invoice;
    }
  }
  return best;
}

/** The statuses a deal's held invoice may have for `status`, another invoice, to take its place. */
export function statusesOutranked(status: InvoiceStatus | null): InvoiceStatus[] {
  const all: InvoiceStatus[] = ['draft', 'open', 'paid', 'voided'];
  return all.filter((held) => invoiceRank(held) <= invoiceRank(status));
}

/**
 * Keeps each invoice in invoice_record, the ledger the money page reads (docs/payments.md): a
 * version older than the one held changes nothing (a pull and a sweep at once); when it is first
 * read paid, or voided, that version's time is kept as when it was paid or voided. The deal is
 * the mirrored deal's row it is associated with, else the visit a tip the product made is for
 * (null while the deal is not mirrored).
 */
export async function recordInvoices(db: Db, entries: readonly InvoiceOnDeal[]): Promise<void> {
  for (const { invoice, dealHubspotId } of entries) {
    const at = invoice.modifiedAt ?? new Date();
    await db.$executeRaw`
      INSERT INTO invoice_record (hubspot_id, deal_id, made_invoice_id, status, amount_cents, paid_cents, number, issued_on, due_on, paid_at, voided_at, hubspot_updated_at, updated_at)
      VALUES (
        ${invoice.hubspotId},
        COALESCE((SELECT id FROM deal WHERE hubspot_id = ${dealHubspotId}), (SELECT deal_id FROM made_invoice WHERE id::text = ${invoice.appRequestId ?? null})),
        (SELECT id FROM made_invoice WHERE id::text = ${invoice.appRequestId ?? null}),
        ${invoice.status}::invoice_status, ${invoice.amountCents}, ${invoice.paidCents ?? null}, ${invoice.number},
        ${invoice.issuedOn ?? null}::date, ${invoice.dueDate ?? null}::date,
        CASE WHEN ${invoice.status} = 'paid' THEN ${at}::timestamptz END,
        CASE WHEN ${invoice.status} = 'voided' THEN ${at}::timestamptz END,
        ${invoice.modifiedAt}, now())
      ON CONFLICT (hubspot_id) DO UPDATE SET
        deal_id = COALESCE(EXCLUDED.deal_id, invoice_record.deal_id),
        made_invoice_id = COALESCE(EXCLUDED.made_invoice_id, invoice_record.made_invoice_id),
        status = EXCLUDED.status, amount_cents = EXCLUDED.amount_cents, paid_cents = EXCLUDED.paid_cents,
        number = EXCLUDED.number, issued_on = COALESCE(EXCLUDED.issued_on, invoice_record.issued_on), due_on = EXCLUDED.due_on,
        paid_at = CASE WHEN EXCLUDED.status = 'paid' THEN COALESCE(invoice_record.paid_at, EXCLUDED.paid_at) END,
        voided_at = CASE WHEN EXCLUDED.status = 'voided' THEN COALESCE(invoice_record.voided_at, EXCLUDED.voided_at) END,
        hubspot_updated_at = EXCLUDED.hubspot_updated_at, updated_at = now()
      WHERE invoice_record.hubspot_updated_at IS NULL OR EXCLUDED.hubspot_updated_at IS NULL
         OR invoice_record.hubspot_updated_at < EXCLUDED.hubspot_updated_at`;
  }
}

/** Of `invoices`, those the ledger holds in that version or a newer one: nothing to apply. */
export async function heldInvoiceVersions(db: Db, invoices: readonly { hubspotId: string; modifiedAt: Date }[]): Promise<Set<string>> {
  if (invoices.length === 0) return new Set();
  const rows = await db.invoiceRecord.findMany({
    where: { hubspotId: { in: invoices.map((i) => i.hubspotId) } },
    select: { hubspotId: true, hubspotUpdatedAt: true },
  });
  const versions = new Map(rows.map((r) => [r.hubspotId, r.hubspotUpdatedAt]));
  return new Set(invoices.filter((i) => {
    const at = versions.get(i.hubspotId);
    return at != null && at >= i.modifiedAt;
  }).map((i) => i.hubspotId));
}
