import { z } from 'zod';
import { defaultTypeId } from './association-types';
import { badRequest } from './errors';
import { normalizeType } from './object-types';
import type { CrmObject } from './model';
import type { PropertyInput, Store } from './store';

/**
 * What staff do in HubSpot's UI, as control calls: move a deal, schedule it, assign a cleaner,
 * bill it. Each goes through the store, so it advances the modified date (hs_lastmodifieddate; a contact's lastmodifieddate) like a UI edit, and
 * is checked against the account's properties like any write; as HubSpot's own writes they may
 * set read-only values (invoice links, amounts billed).
 */
const BY_HUBSPOT = { trusted: true } as const;

/** Dollars as HubSpot's number properties hold them: a number or a decimal string ('149.5'). */
const dollars = z.union([
  z.number().nonnegative().transform(String),
  z.string().regex(/^\d+(\.\d+)?$/, 'amount must be decimal dollars, e.g. "149.50"'),
]);

export const dealPatchSchema = z
  .object({
    dealstage: z.string().min(1).optional(),
    /** ISO 8601 instant; stored in `scheduled_date` as ISO 8601 UTC with milliseconds. null clears it. */
    scheduledAt: z.iso.datetime({ offset: true }).nullable().optional(),
    ownerId: z.string().min(1).nullable().optional(),
    amount: dollars.nullable().optional(),
  })
  .strict();
export type DealPatch = z.input<typeof dealPatchSchema>;

export function updateDeal(store: Store, id: string, input: DealPatch): CrmObject {
  const patch = dealPatchSchema.parse(input);
  const properties: PropertyInput = {};
  if (patch.dealstage !== undefined) properties.dealstage = patch.dealstage;
  if (patch.scheduledAt !== undefined) properties.scheduled_date = patch.scheduledAt;
  if (patch.amount !== undefined) properties.amount = patch.amount;
  if (patch.ownerId !== undefined) {
    if (patch.ownerId !== null && !store.owners().some((o) => o.id === patch.ownerId)) {
      throw badRequest(`owner ${patch.ownerId} does not exist`);
    }
    properties.hubspot_owner_id = patch.ownerId;
  }
  return store.update('deals', id, properties, BY_HUBSPOT);
}

export const invoiceSchema = z
  .object({
    status: z.enum(['paid', 'open', 'voided']),
    amount: dollars,
    number: z.string().min(1).optional(),
    /** A further invoice on the deal (a reissue after a void), never an update of the one it has. */
    another: z.boolean().optional(),
  })
  .strict();
export type InvoiceInput = z.input<typeof invoiceSchema>;

/** Creates the deal's invoice, associated to the deal (and its contacts), or updates the one it has (unless `another`). */
export function attachInvoice(store: Store, baseUrl: string, dealId: string, input: InvoiceInput): CrmObject {
  const invoice = invoiceSchema.parse(input);
  store.get('deals', dealId);
  const existingId = invoice.another ? undefined : store.associationsFrom('deals', dealId, 'invoices')[0]?.toId;
  const properties: PropertyInput = {
    hs_invoice_status: invoice.status,
    hs_amount_billed: invoice.amount,
    hs_balance_due: invoice.status === 'open' ? invoice.amount : '0',
    hs_currency: 'USD',
  };
  if (invoice.number) properties.hs_number = invoice.number;
  if (existingId) return store.update('invoices', existingId, properties, BY_HUBSPOT);

  const created = store.create(
    'invoices',
    {
      ...properties,
      hs_number: invoice.number ?? `INV-${1000 + store.list('invoices', true).length + 1}`,
      hs_invoice_date: new Date().toISOString().slice(0, 10),
    },
    [],
    BY_HUBSPOT,
  );
  const links = {
    hs_invoice_link: `${baseUrl}/_emulator/invoices/${created.id}`,
    hs_pdf_download_link: `${baseUrl}/_emulator/invoices/${created.id}/pdf`,
  };
  store.update('invoices', created.id, links, BY_HUBSPOT);
  store.associate('invoices', created.id, {
    toType: 'deals',
    toId: dealId,
    typeId: defaultTypeId('invoices', 'deals'),
    category: 'HUBSPOT_DEFINED',
  });
  for (const contact of store.associationsFrom('deals', dealId, 'contacts')) {
    store.associate('invoices', created.id, {
      toType: 'contacts',
      toId: contact.toId,
      typeId: defaultTypeId('invoices', 'contacts'),
      category: 'HUBSPOT_DEFINED',
    });
  }
  return store.get('invoices', created.id);
}

/**
 * The buyer pays an open invoice at its link, as HubSpot payments takes it: paid in full, the
 * amount paid its amount billed, nothing left due. Only an open invoice can be paid.
 */
export function payInvoice(store: Store, id: string): CrmObject {
  const invoice = store.get('invoices', id);
  const status = invoice.properties.hs_invoice_status;
  if (status !== 'open') throw badRequest(`invoice ${id} is ${status ?? 'without a status'}: only an open invoice can be paid`);
  return store.update('invoices', id, { hs_invoice_status: 'paid', hs_amount_paid: invoice.properties.hs_amount_billed ?? '0.00', hs_balance_due: '0.00' }, BY_HUBSPOT);
}

/** Someone voids the invoice in HubSpot: nothing is due on it any more. A paid invoice is refunded, not voided. */
export function voidInvoice(store: Store, id: string): CrmObject {
  const invoice = store.get('invoices', id);
  if (invoice.properties.hs_invoice_status === 'paid') throw badRequest(`invoice ${id} is paid: a paid invoice cannot be voided`);
  return store.update('invoices', id, { hs_invoice_status: 'voided', hs_balance_due: '0.00' }, BY_HUBSPOT);
}

export const ticketPatchSchema = z.object({ hs_pipeline_stage: z.string().min(1) }).strict();
export type TicketPatch = z.input<typeof ticketPatchSchema>;

export function updateTicket(store: Store, id: string, input: TicketPatch): CrmObject {
  return store.update('tickets', id, ticketPatchSchema.parse(input), BY_HUBSPOT);
}

export const recordSchema = z
  .object({
    properties: z.record(z.string(), z.string()),
    /** Records to associate it with (the default association of each pair of types). */
    associations: z.array(z.object({ type: z.string().min(1), id: z.string().min(1) })).default([]),
  })
  .strict();
export type RecordInput = z.input<typeof recordSchema>;

/**
 * A record made by someone in HubSpot (a company, a note or task logged on a contact),
 * associated to other records. Checked like an API write: an unknown property or option fails.
 */
export function createRecord(store: Store, type: string, input: RecordInput): CrmObject {
  const { properties, associations } = recordSchema.parse(input);
  const links = associations.map((a) => {
    const toType = normalizeType(a.type);
    return { toType, toId: a.id, typeId: defaultTypeId(type, toType), category: 'HUBSPOT_DEFINED' as const };
  });
  return store.create(type, properties, links);
}

/** A record edited in HubSpot (a task completed, a company's industry set). */
export function editRecord(store: Store, type: string, id: string, properties: PropertyInput): CrmObject {
  return store.update(type, id, properties);
}

export const ownerSchema = z
  .object({
    id: z.string().regex(/^\d+$/).optional(),
    email: z.email(),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
  })
  .strict();
export type OwnerInput = z.input<typeof ownerSchema>;
