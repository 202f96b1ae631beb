import { badRequest } from './errors';
import type { PropertyValues } from './model';

/**
 * What HubSpot does with an invoice written through the API (its Invoices guide): a new invoice
 * is a draft, and `hs_currency` is the one property a draft needs; its invoice and due dates are
 * set when left out. Moving it to `open` finalises it: that needs its contact and at least one
 * line item associated, and HubSpot then numbers it, bills the line items' total and gives it its
 * payment link. A finalised invoice never becomes a draft again, and a voided one stays voided.
 * A buyer's payment (HubSpot payments, which the API cannot change) makes one paid: the control
 * API's pay route stands for it.
 */

/** How long after its date an invoice is due when the caller leaves the due date out (the emulator's choice: HubSpot says only that it is set). */
export const DEFAULT_DUE_DAYS = 30;

const today = (now: number) => new Date(now).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A new invoice's values before the request's own: a draft, dated today, due DEFAULT_DUE_DAYS later. */
export function invoiceCreationDefaults(values: PropertyValues, now: number): PropertyValues {
  const invoiceDate = values.hs_invoice_date || today(now);
  return { hs_invoice_status: 'draft', hs_invoice_date: invoiceDate, hs_due_date: values.hs_due_date || addDays(invoiceDate, DEFAULT_DUE_DAYS) };
}

const refused = (message: string) => badRequest(message, { category: 'VALIDATION_ERROR' });

/** What the invoice is linked to, as the open check counts it. */
export interface InvoiceLinks {
  contacts: number;
  lineItems: number;
}

/**
 * Refuses a status change HubSpot does not make: back to draft once finalised, out of voided,
 * and to open without its contact (exactly one) and a line item.
 */
export function checkInvoiceStatusChange(from: string | null | undefined, to: string | null | undefined, links: InvoiceLinks): void {
  if (to == null || to === from) return;
  if (from === 'voided') throw refused('A voided invoice cannot change status.');
  if (to === 'draft' && from && from !== 'draft') throw refused(`An invoice that is ${from} cannot go back to draft.`);
  if (to === 'open') {
    if (links.contacts !== 1) throw refused(`To open an invoice, associate exactly one contact (it has ${links.contacts}).`);
    if (links.lineItems === 0) throw refused('To open an invoice, associate at least one line item.');
  }
}

/**
 * The values HubSpot sets when an invoice opens: its number, the amount billed (the line items'
 * total), its balance, and the links where the buyer pays it and downloads it.
 */
export function openedInvoiceValues(id: string, lineItemAmounts: readonly (string | null | undefined)[], number: string, baseUrl: string): PropertyValues {
  const cents = lineItemAmounts.reduce((sum, amount) => sum + Math.round(Number(amount ?? 0) * 100), 0);
  const billed = (cents / 100).toFixed(2);
  return {
    hs_number: number,
    hs_amount_billed: billed,
    hs_balance_due: billed,
    hs_amount_paid: '0.00',
    hs_invoice_link: `${baseUrl}/_emulator/invoices/${id}`,
    hs_pdf_download_link: `${baseUrl}/_emulator/invoices/${id}/pdf`,
  };
}
