import type { Server } from 'node:http';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubSpotClient, type HubSpotClient } from '@app/worker/crm/hubspot-client';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';
import { asV4SpecTypes, closeProxy, loadOperations, problems, recordingProxy, refused, type Exchange, type Operation } from './spec-check';

/**
 * Invoices checked against HubSpot's published specs: the SDK's `crm.objects` (invoices) and v4
 * associations talk to the emulator through a recording proxy, and every request and answer
 * (refusals included) must match HubSpot's CRM Invoices v3 or Associations v4 spec.
 * HUBSPOT_SPEC_COLLECTION points at a copy of github.com/HubSpot/HubSpot-public-api-spec-collection;
 * without it the check is skipped, saying so.
 */
const COLLECTION = process.env.HUBSPOT_SPEC_COLLECTION;
const TOKEN = 'spec-check-token';

const to = (id: string, associationTypeId: number) => ({ to: { id }, types: [{ associationCategory: 'HUBSPOT_DEFINED' as never, associationTypeId }] });

describe.skipIf(!COLLECTION)(
  `HubSpot invoices through the SDK against HubSpot's published specs${COLLECTION ? '' : ': set HUBSPOT_SPEC_COLLECTION to a copy of HubSpot-public-api-spec-collection to run'}`,
  () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    let operations: Operation[];
    let emulator: HubSpotEmulator;
    let proxy: { url: string; server: Server };
    let hubspot: HubSpotClient;
    const exchanges: Exchange[] = [];

    beforeAll(async () => {
      operations = loadOperations(COLLECTION!, ajv, { versions: ['v3', 'v4'], areas: ['CRM/Invoices', 'CRM/Associations'] });
      emulator = await startHubSpotEmulator({ accessToken: TOKEN });
      proxy = await recordingProxy(emulator.url, exchanges);
      hubspot = createHubSpotClient({ accessToken: TOKEN, basePath: proxy.url });
    });
    afterAll(async () => {
      await closeProxy(proxy);
      await emulator?.close();
    });

    const check = (list: readonly Exchange[]) => list.map(asV4SpecTypes).flatMap((e) => problems(e, e.path.split('/')[2] ?? '', operations, ajv));

    it('finds the Invoices v3 spec', () => {
      expect(operations.some((o) => o.version === 'v3' && o.template === '/crm/v3/objects/invoices/{invoiceId}')).toBe(true);
    });

    it('a draft, its associations, opening it, reading and searching it, and the refusals match the spec', async () => {
      exchanges.length = 0;
      const contact = emulator.createRecord('contacts', { properties: { email: 'spec-invoices@example.com' } });
      const deal = emulator.createRecord('deals', { properties: { dealname: 'Spec clean' }, associations: [{ type: 'contacts', id: contact.id }] });
      const line = emulator.createRecord('line_items', { properties: { name: 'Single Deep Clean', price: '349', quantity: '1' } });
      const api = hubspot.crm.objects;

      const draft = await api.basicApi.create('invoices', { properties: { hs_currency: 'USD', hs_due_date: '2027-01-15' }, associations: [to(contact.id, 177), to(deal.id, 176)] });
      await hubspot.crm.associations.v4.basicApi.createDefault('invoices', draft.id, 'line_items', line.id);
      await api.basicApi.update('invoices', draft.id, { properties: { hs_invoice_status: 'open' } });
      await api.basicApi.getById('invoices', draft.id, ['hs_invoice_status', 'hs_amount_billed', 'hs_balance_due', 'hs_invoice_link', 'hs_number'], undefined, ['contacts', 'deals', 'line_items']);
      await api.batchApi.read('invoices', { inputs: [{ id: draft.id }, { id: '99999999' }], properties: ['hs_invoice_status', 'hs_amount_billed'], propertiesWithHistory: [] });
      await hubspot.crm.associations.v4.batchApi.getPage('deals', 'invoices', { inputs: [{ id: deal.id }] });

      // Refusals: a draft without a currency, opening one with no line item, a finalised one back to draft, a value HubSpot computes.
      await refused(api.basicApi.create('invoices', { properties: {}, associations: [] }));
      const bare = await api.basicApi.create('invoices', { properties: { hs_currency: 'USD' }, associations: [to(contact.id, 177)] });
      await refused(api.basicApi.update('invoices', bare.id, { properties: { hs_invoice_status: 'open' } }));
      await refused(api.basicApi.update('invoices', draft.id, { properties: { hs_invoice_status: 'draft' } }));
      await refused(api.basicApi.update('invoices', bare.id, { properties: { hs_amount_billed: '10' } }));

      const statuses = exchanges.map((e) => `${e.method} ${e.path.replace(/\/\d+/g, '/{id}')} ${e.status}`);
      expect(statuses).toContain('PATCH /crm/v3/objects/invoices/{id} 200');
      expect(statuses.filter((s) => s === 'PATCH /crm/v3/objects/invoices/{id} 400')).toHaveLength(3);
      const wrong = check(exchanges);
      console.info(`checked ${exchanges.length} invoices exchanges: ${wrong.length === 0 ? 'all match' : wrong.join('\n')}`);
      expect(wrong).toEqual([]);
    });
  },
);
