import type { Db } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { addDays, easternToday } from '@app/shared/eastern-time';
import type { CrmAccount } from '../crm/account/crm-account';
import { LINE_ITEM_TO_INVOICE, lineItemObject } from '../crm/deal-line-items';
import { inputFailureError, REQUEST_ID, type HubSpotGateway } from '../crm/hubspot-gateway';
import { loadInvoice, settleInvoice, type InvoiceToMake } from '../crm/made-invoice-repository';
import type { NoticePolicy } from '../crm/notice-rules';
import { readDeal } from './crm-apply-deal-command';
import { mirrorDealRecords } from './crm-pull';
import { defineJob } from './job';

interface InvoiceDeps {
  db: Db;
  hubspot: HubSpotGateway;
  account: CrmAccount;
  notices?: NoticePolicy;
  now?: () => Date;
  /** Days from the invoice's making to its due date (the company's invoiceDueDays). */
  dueDays?: number;
}

/** HUBSPOT_DEFINED association types of an invoice (HubSpot's Invoices guide). */
const INVOICE_TO_CONTACT = 177;
const INVOICE_TO_DEAL = 176;

/** Our id of an invoice's line item: stable across retries. */
export const invoiceLineKey = (invoiceId: string, index: number) => `invoice:${invoiceId}:${index + 1}`;

export const INVOICE_DEAL_GONE = 'The deal was deleted in HubSpot.';
export const INVOICE_NO_LINES = 'What to bill could not be read (the approved quote, or the visit\'s price): no invoice was made.';

/**
 * Makes an invoice in HubSpot (docs/payments.md), an approved quote's or a plan visit's, as its
 * Invoices guide has it: a draft in US dollars due `dueDays` from the day it was written,
 * associated with the customer's contact and the deal; one line item per line (a quote's
 * catalogue lines, first-booking discount and adjustment at the quote's prices; a visit's
 * products and the plan's price: made-invoice-repository.ts); then open, which
 * numbers it, bills the lines' total and gives it its payment link. Our invoice id is the
 * invoice's app_request_id and each line's key, so a retry, or an answer lost after HubSpot made
 * it, finds them rather than making two. Then the deal is mirrored, invoice included: the
 * customer's invoice notice goes with its pay link. Waits while the deal or its contact is not in
 * HubSpot yet.
 */
export function crmMakeInvoiceJob(deps: InvoiceDeps) {
  const now = deps.now ?? (() => new Date());
  return defineJob('crm.make-invoice', async ({ invoiceId }, { log }) => {
    const invoice = await loadInvoice(deps.db, invoiceId);
    if (!invoice) return { outcome: 'missing' as const };
    if (invoice.status !== 'pending') return { outcome: 'settled' as const };
    if (invoice.deal.archivedAt) {
      await settleInvoice(deps.db, invoiceId, { status: 'failed', error: INVOICE_DEAL_GONE }, now());
      return { outcome: 'failed' as const, error: INVOICE_DEAL_GONE };
    }
    if (!invoice.lines) {
      await settleInvoice(deps.db, invoiceId, { status: 'failed', error: INVOICE_NO_LINES }, now());
      return { outcome: 'failed' as const, error: INVOICE_NO_LINES };
    }
    const dealHubspotId = invoice.deal.hubspotId;
    const contactHubspotId = invoice.deal.contactHubspotId;
    if (!dealHubspotId || !contactHubspotId) throw new Error(`deal ${invoice.deal.id} or its contact is not in HubSpot yet`);

    const hubspotId = await draftIn(deps, invoice, dealHubspotId, contactHubspotId);
    await linesIn(deps.hubspot, invoice, hubspotId);
    const [current] = await deps.hubspot.readBatch('invoices', [hubspotId], ['hs_invoice_status']);
    if (current?.properties.hs_invoice_status === 'draft') await deps.hubspot.updateObject('invoices', hubspotId, { hs_invoice_status: 'open' });
    if (invoice.tip) {
      // The tip page sends the customer to its payment page: HubSpot gives the link once it is open.
      const payUrl = (await deps.hubspot.readBatch('invoices', [hubspotId], ['hs_invoice_link']))[0]?.properties.hs_invoice_link || null;
      if (!payUrl) throw new Error(`invoice ${hubspotId} has no payment link yet`);
      await settleInvoice(deps.db, invoiceId, { status: 'made', hubspotId, payUrl }, now());
      log.info({ invoiceHubspotId: hubspotId }, 'tip invoice made open in HubSpot');
      return { outcome: 'made' as const, hubspotId };
    }
    await settleInvoice(deps.db, invoiceId, { status: 'made', hubspotId }, now());
    const deal = await readDeal(deps.hubspot, dealHubspotId);
    if (deal) await mirrorDealRecords(deps, [deal]);
    log.info({ dealHubspotId, invoiceHubspotId: hubspotId }, 'invoice made open in HubSpot');
    return { outcome: 'made' as const, hubspotId };
  });
}

/** The draft, found again by our id when an earlier attempt made it. */
async function draftIn(deps: InvoiceDeps, invoice: InvoiceToMake, dealHubspotId: string, contactHubspotId: string): Promise<string> {
  const due = addDays(easternToday(invoice.createdAt), deps.dueDays ?? COMPANY.invoiceDueDays);
  const made = await deps.hubspot.createOrFind('invoices', [
    {
      properties: { [REQUEST_ID]: invoice.id, hs_currency: 'USD', hs_due_date: due },
      // A tip is on the contact alone: the deal's invoice stays the cleaning's.
      associations: [{ toId: contactHubspotId, typeId: INVOICE_TO_CONTACT }, ...(invoice.tip ? [] : [{ toId: dealHubspotId, typeId: INVOICE_TO_DEAL }])],
    },
  ]);
  const id = made.ids.get(invoice.id);
  if (!id) throw inputFailureError(`make invoice ${invoice.id}`, made.failures.get(invoice.id));
  return id;
}

/** The invoice's lines as its line items, each found again by its key on a retry. */
async function linesIn(hubspot: HubSpotGateway, invoice: InvoiceToMake, invoiceHubspotId: string): Promise<void> {
  const lines = invoice.lines!.map((line, i) => ({ key: invoiceLineKey(invoice.id, i), ...line }));
  const made = await hubspot.createOrFind(
    'line_items',
    lines.map((line) => lineItemObject(line, invoiceHubspotId, LINE_ITEM_TO_INVOICE)),
  );
  for (const line of lines) if (!made.ids.has(line.key)) throw inputFailureError(`invoice line ${line.key}`, made.failures.get(line.key));
}
