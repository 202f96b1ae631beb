import type { Db } from '@app/db/client';
import { joinName } from '@app/shared/customer-context';
import type { LedgerRow, MonthBounds } from './month-summary';

interface Row {
  hubspot_id: string;
  number: string | null;
  status: LedgerRow['status'];
  amount_cents: number | null;
  paid_cents: number | null;
  issued_on: string;
  due_on: string | null;
  paid_at: Date | null;
  voided_at: Date | null;
  tip: boolean;
  deal_id: string | null;
  reference: string | null;
  contact_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  owner_id: string | null;
  owner_first: string | null;
  owner_last: string | null;
  owner_email: string | null;
}

/**
 * The version of what the month's figures come from: the newest change to the invoice ledger, a
 * deal, a contact or an owner (each updated_at indexed: four index ends). Equal versions mean
 * equal figures for the same month and day.
 */
export async function moneyDataVersion(db: Db): Promise<string> {
  const [row] = await db.$queryRaw<{ version: string }[]>`
    SELECT concat_ws('/',
      (SELECT max(updated_at) FROM invoice_record), (SELECT max(updated_at) FROM deal),
      (SELECT max(updated_at) FROM contact), (SELECT max(updated_at) FROM owner)) AS version`;
  return row?.version ?? '';
}

/**
 * The ledger's invoices a month touches (docs/payments.md#the-months-money): dated in it, paid or
 * voided in it, or still owed at its `asOf` (a payment or void after it included). Drafts are no
 * one's debt yet. One query on the mirror, never HubSpot; the figures are month-summary.ts's.
 */
export async function readMonthLedger(db: Db, b: MonthBounds): Promise<LedgerRow[]> {
  const rows = await db.$queryRaw<Row[]>`
    WITH ledger AS (
      SELECT r.*, COALESCE(r.issued_on, (r.created_at AT TIME ZONE 'America/New_York')::date) AS issued
      FROM invoice_record r
      WHERE r.status IN ('open', 'paid', 'voided')
    )
    SELECT l.hubspot_id, l.number, l.status, l.amount_cents, l.paid_cents, l.issued::text AS issued_on, l.due_on::text AS due_on,
           l.paid_at, l.voided_at, COALESCE(m.source = 'tip', false) AS tip,
           d.id AS deal_id, d.reference, c.id AS contact_id, c.first_name, c.last_name, c.email,
           o.id AS owner_id, o.first_name AS owner_first, o.last_name AS owner_last, o.email AS owner_email
    FROM ledger l
    LEFT JOIN made_invoice m ON m.id = l.made_invoice_id
    LEFT JOIN deal d ON d.id = l.deal_id
    LEFT JOIN contact c ON c.id = d.contact_id
    LEFT JOIN owner o ON o.id = CASE WHEN m.source = 'tip' THEN m.owner_id ELSE d.owner_id END
    WHERE (l.issued >= ${b.firstDay}::date AND l.issued < ${b.nextFirstDay}::date)
       OR (l.paid_at >= ${b.start} AND l.paid_at < ${b.end})
       OR (l.voided_at >= ${b.start} AND l.voided_at < ${b.end})
       OR (l.issued <= ${b.asOfDay}::date AND (l.status = 'open' OR l.paid_at >= ${b.asOf} OR l.voided_at >= ${b.asOf}))
    ORDER BY l.issued, l.number NULLS LAST, l.hubspot_id`;
  return rows.map((r) => ({
    hubspotId: r.hubspot_id,
    number: r.number,
    status: r.status,
    amountCents: r.amount_cents ?? 0,
    paidCents: r.paid_cents,
    issuedOn: r.issued_on,
    dueOn: r.due_on,
    paidAt: r.paid_at,
    voidedAt: r.voided_at,
    tip: r.tip,
    dealId: r.deal_id,
    dealReference: r.reference,
    contactId: r.contact_id,
    customer: joinName(r.first_name, r.last_name) || null,
    email: r.email,
    ownerId: r.owner_id,
    cleaner: joinName(r.owner_first, r.owner_last) || r.owner_email,
  }));
}
