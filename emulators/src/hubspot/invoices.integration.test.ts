import type { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { DEFAULT_DUE_DAYS } from './invoice-rules';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';

const TOKEN = 'invoice-test-token';
let emulator: HubSpotEmulator;
let hubspot: Client;

beforeAll(async () => {
  emulator = await startHubSpotEmulator({ accessToken: TOKEN });
  hubspot = createHubSpotClient({ accessToken: TOKEN, basePath: emulator.url, timeoutMs: 2_000 });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

/** The body of a refused SDK call. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = (await call.then(() => null, (e: unknown) => e)) as { code?: number; body?: { message?: string } } | null;
  if (!error) throw new Error('the call was not refused');
  return { status: error.code ?? 0, message: error.body?.message ?? '' };
}

const invoices = () => hubspot.crm.objects.basicApi;
const read = (id: string) => invoices().getById('invoices', id, ['hs_invoice_status', 'hs_number', 'hs_amount_billed', 'hs_balance_due', 'hs_amount_paid', 'hs_invoice_link', 'hs_invoice_date', 'hs_due_date', 'hs_currency']);
const associate = (id: string, toType: string, toId: string) => hubspot.crm.associations.v4.basicApi.createDefault('invoices', id, toType, toId);

/** A contact, and two line items for an invoice: a cleaning and its first-booking discount. */
async function parts() {
  const contact = await hubspot.crm.contacts.basicApi.create({ properties: { email: `invoice.${Date.now()}@example.com` }, associations: [] });
  const lines = await hubspot.crm.lineItems.batchApi.create({
    inputs: [
      { properties: { name: 'Single Deep Clean', price: '349', quantity: '1', hs_sku: 'deep-1500' }, associations: [] },
      { properties: { name: 'First-booking discount (10%)', price: '-34.90', quantity: '1' }, associations: [] },
    ],
  });
  return { contactId: contact.id, lineIds: lines.results.map((l) => l.id) };
}

describe('HubSpot invoices in the emulator, as the Invoices guide describes them', () => {
  it('makes a draft of an invoice with its currency, dated today and due later; refuses one without a currency', async () => {
    const none = await refusal(invoices().create('invoices', { properties: {}, associations: [] }));
    expect(none.status).toBe(400);
    expect(none.message).toContain('hs_currency');

    const draft = await invoices().create('invoices', { properties: { hs_currency: 'USD' }, associations: [] });
    const props = (await read(draft.id)).properties;
    const today = new Date().toISOString().slice(0, 10);
    expect(props).toMatchObject({ hs_invoice_status: 'draft', hs_currency: 'USD', hs_invoice_date: today });
    expect(Date.parse(props.hs_due_date!) - Date.parse(today)).toBe(DEFAULT_DUE_DAYS * 86_400_000);
    // What HubSpot computes is not the caller's to write.
    expect((await refusal(invoices().update('invoices', draft.id, { properties: { hs_amount_billed: '10' } }))).status).toBe(400);
  });

  it('opens an invoice only with its contact and a line item: numbered, billed the lines, payable at its link', async () => {
    const { contactId, lineIds } = await parts();
    const { id } = await invoices().create('invoices', { properties: { hs_currency: 'USD', hs_due_date: '2027-01-15' }, associations: [] });
    const open = () => invoices().update('invoices', id, { properties: { hs_invoice_status: 'open' } });
    expect(await refusal(open())).toEqual({ status: 400, message: 'To open an invoice, associate exactly one contact (it has 0).' });
    await associate(id, 'contacts', contactId);
    expect(await refusal(open())).toEqual({ status: 400, message: 'To open an invoice, associate at least one line item.' });
    for (const lineId of lineIds) await associate(id, 'line_items', lineId);
    await open();

    const props = (await read(id)).properties;
    expect(props).toMatchObject({ hs_invoice_status: 'open', hs_amount_billed: '314.10', hs_balance_due: '314.10', hs_amount_paid: '0.00', hs_due_date: '2027-01-15' });
    expect(props.hs_number).toMatch(/^INV-\d+$/);
    expect(props.hs_invoice_link).toBe(`${emulator.url}/_emulator/invoices/${id}`);
    // Finalised: never a draft again.
    expect(await refusal(invoices().update('invoices', id, { properties: { hs_invoice_status: 'draft' } }))).toEqual({ status: 400, message: 'An invoice that is open cannot go back to draft.' });

    // The buyer opens the link and pays: paid in full.
    const page = await (await fetch(props.hs_invoice_link!)).text();
    expect(page).toContain('Pay $314.10');
    const paid = await fetch(`${emulator.url}/_emulator/invoices/${id}/checkout`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Status: paid');
    expect((await read(id)).properties).toMatchObject({ hs_invoice_status: 'paid', hs_amount_paid: '314.10', hs_balance_due: '0.00' });
    // A paid invoice is refunded, not voided; and it cannot be paid twice.
    expect((await fetch(`${emulator.url}/_emulator/invoices/${id}/void`, { method: 'POST' })).status).toBe(400);
    expect((await fetch(`${emulator.url}/_emulator/invoices/${id}/pay`, { method: 'POST' })).status).toBe(400);
  });

  it('opens an invoice created with its associations in one request, and keeps a voided one voided', async () => {
    const { contactId, lineIds } = await parts();
    const to = (toId: string, associationTypeId: number) => ({ to: { id: toId }, types: [{ associationCategory: 'HUBSPOT_DEFINED' as never, associationTypeId }] });
    const created = await invoices().create('invoices', {
      properties: { hs_currency: 'USD', hs_invoice_status: 'open' },
      associations: [to(contactId, 177), ...lineIds.map((lineId) => to(lineId, 409))],
    });
    expect((await read(created.id)).properties).toMatchObject({ hs_invoice_status: 'open', hs_amount_billed: '314.10' });
    const voided = await fetch(`${emulator.url}/_emulator/invoices/${created.id}/void`, { method: 'POST' });
    expect(voided.status).toBe(200);
    expect((await read(created.id)).properties).toMatchObject({ hs_invoice_status: 'voided', hs_balance_due: '0.00' });
    expect(await refusal(invoices().update('invoices', created.id, { properties: { hs_invoice_status: 'open' } }))).toEqual({ status: 400, message: 'A voided invoice cannot change status.' });
    // Opened without a line item in one request: refused, nothing made.
    const before = emulator.objects('invoices').length;
    expect((await refusal(invoices().create('invoices', { properties: { hs_currency: 'USD', hs_invoice_status: 'open' }, associations: [to(contactId, 177)] }))).status).toBe(400);
    expect(emulator.objects('invoices')).toHaveLength(before);
  });
});
