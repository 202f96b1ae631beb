import { AssociationSpecAssociationCategoryEnum as Category } from '@hubspot/api-client/lib/codegen/crm/deals/models/AssociationSpec.js';
import type { Client } from '@hubspot/api-client';
import { STAGE } from '@app/shared/deal-stages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { SEED_OWNERS } from './seed';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';

const TOKEN = 'test-token';
let emulator: HubSpotEmulator;
let hubspot: Client;

beforeAll(async () => {
  emulator = await startHubSpotEmulator({ accessToken: TOKEN });
  hubspot = createHubSpotClient({ accessToken: TOKEN, basePath: emulator.url, timeoutMs: 2_000 });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

/** The control API over HTTP, as a developer or the browser tests would call it. */
async function control(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${emulator.url}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

async function bookedDeal(): Promise<{ dealId: string; contactId: string }> {
  const contact = await hubspot.crm.contacts.basicApi.create({ properties: { email: 'eve@example.com' }, associations: [] });
  const deal = await hubspot.crm.deals.basicApi.create({
    properties: { dealname: 'Basic clean', dealstage: STAGE.CLEAN_REQUESTED, app_request_id: 'req-life' },
    associations: [{ to: { id: contact.id }, types: [{ associationCategory: Category.HubspotDefined, associationTypeId: 3 }] }],
  });
  return { dealId: deal.id, contactId: contact.id };
}

describe('HubSpot emulator control API', () => {
  it('moves a deal to Cleaning Scheduled with a date and a cleaner, bills it, and the SDK reads it all back', async () => {
    const { dealId, contactId } = await bookedDeal();
    const before = (await hubspot.crm.deals.basicApi.getById(dealId)).properties.hs_lastmodifieddate ?? '';

    const moved = await control('PATCH', `/deals/${dealId}`, {
      dealstage: STAGE.CLEANING_SCHEDULED,
      scheduledAt: '2026-03-10T14:30:00-05:00',
      ownerId: '102',
      amount: 209,
    });
    expect(moved.status).toBe(200);

    const deal = await hubspot.crm.deals.basicApi.getById(dealId, ['dealstage', 'scheduled_date', 'hubspot_owner_id', 'amount']);
    expect(deal.properties).toMatchObject({
      dealstage: STAGE.CLEANING_SCHEDULED,
      scheduled_date: '2026-03-10T19:30:00.000Z',
      hubspot_owner_id: '102',
      amount: '209',
    });
    expect(Date.parse(deal.properties.hs_lastmodifieddate ?? '')).toBeGreaterThan(Date.parse(before));
    const owner = await hubspot.crm.owners.ownersApi.getById(102);
    expect(owner).toMatchObject({ firstName: 'James', lastName: 'Carter' });

    const billed = await control('POST', `/deals/${dealId}/invoice`, { status: 'open', amount: '209.50' });
    expect(billed.status).toBe(200);
    const links = await hubspot.crm.associations.v4.basicApi.getPage('deals', dealId, 'invoices');
    const invoiceId = String(links.results[0]?.toObjectId);
    const props = ['hs_invoice_status', 'hs_amount_billed', 'hs_number', 'hs_pdf_download_link', 'hs_invoice_link'];
    const invoice = await hubspot.crm.commerce.invoices.basicApi.getById(invoiceId, props, undefined, ['deals', 'contacts']);
    expect(invoice.properties).toMatchObject({ hs_invoice_status: 'open', hs_amount_billed: '209.50', hs_number: 'INV-1001' });
    expect(invoice.associations?.deals?.results[0]?.id).toBe(dealId);
    expect(invoice.associations?.contacts?.results[0]?.id).toBe(contactId);
    const pdf = await fetch(invoice.properties.hs_pdf_download_link ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);

    // A second call updates the same invoice.
    await control('POST', `/deals/${dealId}/invoice`, { status: 'paid', amount: 209.5, number: 'A-77' });
    const paid = await hubspot.crm.commerce.invoices.basicApi.getById(invoiceId, props);
    expect(paid.properties).toMatchObject({ hs_invoice_status: 'paid', hs_amount_billed: '209.5', hs_number: 'A-77' });
    expect(emulator.objects('invoices')).toHaveLength(1);
  });

  it('refuses unknown stages, owners and malformed bodies with 400, and unknown deals with 404', async () => {
    const { dealId } = await bookedDeal();
    expect((await control('PATCH', `/deals/${dealId}`, { dealstage: '999' })).status).toBe(400);
    expect((await control('PATCH', `/deals/${dealId}`, { ownerId: '999' })).status).toBe(400);
    expect((await control('PATCH', `/deals/${dealId}`, { scheduledAt: 'tomorrow' })).status).toBe(400);
    expect((await control('POST', `/deals/${dealId}/invoice`, { status: 'draft', amount: 1 })).status).toBe(400);
    expect((await control('PATCH', '/deals/1', { dealstage: STAGE.CANCELED })).status).toBe(404);
  });

  it('closes a ticket, adds an owner, lists objects and the request log, and resets', async () => {
    const ticket = await hubspot.crm.tickets.basicApi.create({
      properties: { subject: 'Cancel', hs_pipeline_stage: '1', hs_ticket_category: 'Cancellation Request' },
      associations: [],
    });
    expect((await control('PATCH', `/tickets/${ticket.id}`, { hs_pipeline_stage: '1613485806' })).status).toBe(200);
    const read = await hubspot.crm.tickets.basicApi.getById(ticket.id, ['hs_pipeline_stage']);
    expect(read.properties.hs_pipeline_stage).toBe('1613485806');

    const added = await control('POST', '/owners', { email: 'new.cleaner@cleaning.example', firstName: 'Noor', lastName: 'Haddad' });
    expect(added.status).toBe(201);
    const owners = await hubspot.crm.owners.ownersApi.getPage('new.cleaner@cleaning.example');
    expect(owners.results.map((o) => o.firstName)).toEqual(['Noor']);

    const tickets = await control('GET', '/objects/tickets');
    expect(tickets.json).toMatchObject({ results: [{ id: ticket.id, associations: {} }] });
    const log = (await control('GET', `/requests?since=0`)).json as { results: Array<{ method: string; path: string; status: number }> };
    expect(log.results).toContainEqual(expect.objectContaining({ method: 'POST', path: '/crm/v3/objects/tickets', status: 201 }));

    expect((await control('POST', '/reset')).status).toBe(200);
    expect(emulator.objects('tickets')).toEqual([]);
    // The ready account: the super admin and the three cleaners.
    expect(emulator.owners()).toHaveLength(SEED_OWNERS.length + 1);
    expect(emulator.requests()).toEqual([]);
  });

  it('reads and changes the rate limit through /config', async () => {
    expect((await control('GET', '/config')).json).toMatchObject({ rateLimit: { max: 100, intervalMs: 10_000 } });
    const changed = await control('PUT', '/config', { rateLimit: { max: 7 } });
    expect(changed.json).toMatchObject({ rateLimit: { max: 7, intervalMs: 10_000 } });
    expect(emulator.rateLimit.get()).toEqual({ max: 7, intervalMs: 10_000 });
    emulator.rateLimit.set({ max: 100, intervalMs: 10_000 });
  });
});
