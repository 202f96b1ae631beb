import { INVOICE_OPEN, INVOICE_PAID, INVOICE_VOIDED } from './texts';

const LABELS: Readonly<Record<string, string>> = {
  paid: INVOICE_PAID,
  open: INVOICE_OPEN,
  voided: INVOICE_VOIDED,
};

/** §4 invoice labels (paid, open, voided; case-insensitive). Null for no invoice or another status (e.g. draft). */
export function invoiceStatusLabel(status: string | null | undefined): string | null {
  if (!status) return null;
  return LABELS[status.trim().toLowerCase()] ?? null;
}

type Numeric = string | number | null | undefined;
type Text = string | null | undefined;

/** The deal fields the derived invoice is read from (entities.ts Deal satisfies it). */
export interface InvoiceSource {
  properties?: {
    hs_amount_billed?: Numeric;
    hs_pdf_download_link?: Text;
    hs_invoice_link?: Text;
    hs_invoice_status?: Text;
    hs_number?: Text;
  } | null;
  invoice_amount?: Numeric;
  invoice_pdf?: Text;
  invoice_status?: Text;
}

/** The §3 derived invoice. `amountCents` is the "amount" of docs/product.md §3, in integer cents like all our money. */
export interface DerivedInvoice {
  amountCents: number | null;
  pdf_link: string | null;
  link: string | null;
  status: string | null;
  number: string | null;
}

const DECIMAL = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/;

/**
 * HubSpot amounts are decimal dollars ('149.5'); our money is integer cents. Strings are
 * converted digit by digit (half up on the third decimal), so '1.005' is 101 cents and not
 * the 100 that binary floating point would give.
 */
export function dollarsToCents(value: Numeric): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : null;
  const m = DECIMAL.exec(value);
  if (!m || (m[2] === '' && !m[3])) return null;
  const fraction = (m[3] ?? '').padEnd(3, '0');
  const cents = Number(m[2] || '0') * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return m[1] === '-' ? -cents : cents;
}

const firstText = (...values: Text[]): string | null => values.find((v) => v != null && v !== '') ?? null;

/** Invoice of a deal from the hs_* invoice properties, falling back to the list's invoice_* fields. */
export function deriveInvoice(deal: InvoiceSource): DerivedInvoice {
  const p = deal.properties ?? {};
  return {
    amountCents: dollarsToCents(p.hs_amount_billed) ?? dollarsToCents(deal.invoice_amount),
    pdf_link: firstText(p.hs_pdf_download_link, deal.invoice_pdf),
    link: firstText(p.hs_invoice_link),
    status: firstText(p.hs_invoice_status, deal.invoice_status),
    number: firstText(p.hs_number),
  };
}
