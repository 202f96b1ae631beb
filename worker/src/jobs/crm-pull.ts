import { z } from 'zod';
import type { Db } from '@app/db/client';
import type { InvoiceStatus, TicketCategory } from '@app/db/generated/client';
import { dollarsToCents } from '@app/shared/invoice';
import type { CrmAccount } from '../crm/account/crm-account';
import type { HubSpotGateway, HubSpotRecord } from '../crm/hubspot-gateway';
import {
  applyDeals,
  applyInvoices,
  applyTickets,
  readCursor,
  upsertOwners,
  writeCursor,
  type MirroredDeal,
  type MirroredInvoice,
  type MirroredTicket,
} from '../crm/mirror-repository';
import { defineJob } from './job';

const DEAL_PROPERTIES = ['dealname', 'dealstage', 'amount', 'scheduled_date', 'hubspot_owner_id', 'app_request_id', 'service_type', 'service_address', 'external_skus'];
const INVOICE_PROPERTIES = ['hs_invoice_status', 'hs_amount_billed', 'hs_number', 'hs_pdf_download_link', 'hs_invoice_link'];
const TICKET_PROPERTIES = ['hs_ticket_category', 'hs_pipeline_stage', 'app_request_id'];
const INVOICE_STATUSES: ReadonlySet<string> = new Set(['draft', 'open', 'paid', 'voided']);
const TICKET_CATEGORIES: Readonly<Record<string, TicketCategory>> = {
  'Reschedule Request': 'RescheduleRequest',
  'Cancellation Request': 'CancellationRequest',
};

const text = (r: HubSpotRecord, name: string) => r.properties[name] || null;
const instant = (value: string | null) => {
  if (!value) return null;
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms) : null;
};
/** The product's key of an account stage id (null stays null). */
const translated = (id: string | null, toKey: (id: string) => string) => (id === null ? null : toKey(id));
const modifiedAt = (r: HubSpotRecord) => instant(text(r, 'hs_lastmodifieddate')) ?? new Date(0);
const latest = (records: readonly HubSpotRecord[]) =>
  records.reduce<string | null>((max, r) => {
    const at = text(r, 'hs_lastmodifieddate');
    return at && (!max || Date.parse(at) > Date.parse(max)) ? at : max;
  }, null);

function toInvoice(r: HubSpotRecord): MirroredInvoice {
  const status = text(r, 'hs_invoice_status');
  return {
    hubspotId: r.id,
    status: status && INVOICE_STATUSES.has(status) ? (status as InvoiceStatus) : null,
    amountCents: dollarsToCents(text(r, 'hs_amount_billed')),
    number: text(r, 'hs_number'),
    pdfUrl: text(r, 'hs_pdf_download_link'),
    url: text(r, 'hs_invoice_link'),
  };
}

/**
 * Pulls what changed in HubSpot since the stored cursors into the Postgres mirror that the
 * portal and the staff calendar read: owners, deals (stage, scheduled date, amount, owner,
 * contact), their invoices (also invoices changed on their own), and change/cancel tickets.
 * Runs on a schedule and on demand; safe to run twice or at once (replays are skipped).
 */
export function crmPullJob(deps: { db: Db; hubspot: HubSpotGateway; account: CrmAccount }) {
  const { db, hubspot, account } = deps;
  return defineJob({
    name: 'crm.pull',
    queue: 'crm',
    payloadSchema: z.object({}).passthrough(),
    async process(_payload, { log }) {
      const stages = account.stages();
      await upsertOwners(db, await hubspot.listOwners());

      const deals = await hubspot.searchChangedSince('deals', await readCursor(db, 'hubspot.deals'), DEAL_PROPERTIES);
      const dealIds = deals.map((d) => d.id);
      const contactsByDeal = await hubspot.associatedIds('deals', 'contacts', dealIds);
      const dealResult = await applyDeals(
        db,
        deals.map(
          (d): MirroredDeal => ({
            hubspotId: d.id,
            appRequestId: text(d, 'app_request_id'),
            name: text(d, 'dealname'),
            stageId: stages.dealStageKey(text(d, 'dealstage') ?? ''),
            scheduledAt: instant(text(d, 'scheduled_date')),
            amountCents: dollarsToCents(text(d, 'amount')),
            ownerHubspotId: text(d, 'hubspot_owner_id'),
            serviceType: text(d, 'service_type'),
            serviceAddress: text(d, 'service_address'),
            skus: (text(d, 'external_skus') ?? '').split(';').filter(Boolean),
            contactHubspotId: contactsByDeal.get(d.id)?.[0] ?? null,
            modifiedAt: modifiedAt(d),
          }),
        ),
      );

      // Invoices: those of changed deals, and those that changed themselves (a payment does not touch the deal).
      const changedInvoices = await hubspot.searchChangedSince('invoices', await readCursor(db, 'hubspot.invoices'), INVOICE_PROPERTIES);
      const invoicesByDeal = await hubspot.associatedIds('deals', 'invoices', dealIds);
      const dealsByInvoice = await hubspot.associatedIds('invoices', 'deals', changedInvoices.map((i) => i.id));
      const known = new Map(changedInvoices.map((i) => [i.id, i]));
      const missing = [...new Set([...invoicesByDeal.values()].flat())].filter((id) => !known.has(id));
      for (const invoice of await hubspot.readBatch('invoices', missing, INVOICE_PROPERTIES)) known.set(invoice.id, invoice);
      const invoiceOfDeal = new Map<string, MirroredInvoice>();
      for (const [dealId, invoiceIds] of invoicesByDeal) {
        const record = invoiceIds.map((id) => known.get(id)).find(Boolean);
        if (record) invoiceOfDeal.set(dealId, toInvoice(record));
      }
      for (const [invoiceId, dealIdsOfInvoice] of dealsByInvoice) {
        const record = known.get(invoiceId);
        for (const dealId of dealIdsOfInvoice) if (record) invoiceOfDeal.set(dealId, toInvoice(record));
      }
      await applyInvoices(db, invoiceOfDeal);

      const tickets = await hubspot.searchChangedSince('tickets', await readCursor(db, 'hubspot.tickets'), TICKET_PROPERTIES);
      const dealsByTicket = await hubspot.associatedIds('tickets', 'deals', tickets.map((t) => t.id));
      const ticketsApplied = await applyTickets(
        db,
        tickets.flatMap((t): MirroredTicket[] => {
          const category = TICKET_CATEGORIES[text(t, 'hs_ticket_category') ?? ''];
          const dealHubspotId = dealsByTicket.get(t.id)?.[0];
          if (!category || !dealHubspotId) return []; // support tickets from the contact form are not mirrored
          return [{ hubspotId: t.id, appRequestId: text(t, 'app_request_id'), category, pipelineStage: translated(text(t, 'hs_pipeline_stage'), stages.ticketStageKey), dealHubspotId, modifiedAt: modifiedAt(t) }];
        }),
      );

      // Cursors move only after everything they cover was applied.
      for (const [name, records] of [['hubspot.deals', deals], ['hubspot.invoices', changedInvoices], ['hubspot.tickets', tickets]] as const) {
        const cursor = latest(records);
        if (cursor) await writeCursor(db, name, cursor);
      }
      const summary = { deals: deals.length, ...dealResult, invoices: invoiceOfDeal.size, tickets: ticketsApplied };
      log.info(summary, 'pulled changes from HubSpot');
      return summary;
    },
  });
}
