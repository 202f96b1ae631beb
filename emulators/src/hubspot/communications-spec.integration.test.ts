import type { Server } from 'node:http';
import { AssociationTypes } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum as Category } from '@hubspot/api-client/lib/codegen/crm/objects/communications/models/AssociationSpec.js';
import { FilterOperatorEnum as Op } from '@hubspot/api-client/lib/codegen/crm/objects/communications/models/Filter.js';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubSpotClient, type HubSpotClient } from '@app/worker/crm/hubspot-client';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';
import { asV4SpecTypes, closeProxy, loadOperations, problems, recordingProxy, refused, type Exchange, type Operation } from './spec-check';

/**
 * The communications object (WhatsApp, LinkedIn and SMS messages on the timeline) checked
 * against HubSpot's published specs: the SDK's `crm.objects.communications` and v4 associations
 * talk to the emulator through a recording proxy, and every request and answer (refusals
 * included) must match HubSpot's CRM Communications v3 or Associations v4 spec. HUBSPOT_SPEC_COLLECTION
 * points at a copy of github.com/HubSpot/HubSpot-public-api-spec-collection (its PublicApiSpecs
 * folder is enough); without it the check is skipped, saying so.
 */
const COLLECTION = process.env.HUBSPOT_SPEC_COLLECTION;
const TOKEN = 'spec-check-token';

const to = (id: string, associationTypeId: number) => ({ to: { id }, types: [{ associationCategory: Category.HubspotDefined, associationTypeId }] });
const sms = (body: string, at: string, extra: Record<string, string> = {}) => ({
  hs_communication_channel_type: 'SMS',
  hs_communication_logged_from: 'CRM',
  hs_communication_body: body,
  hs_timestamp: at,
  ...extra,
});

describe.skipIf(!COLLECTION)(
  `HubSpot communications through the SDK against HubSpot's published specs${COLLECTION ? '' : ': set HUBSPOT_SPEC_COLLECTION to a copy of HubSpot-public-api-spec-collection to run'}`,
  () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    let operations: Operation[];
    let emulator: HubSpotEmulator;
    let proxy: { url: string; server: Server };
    let hubspot: HubSpotClient;
    const exchanges: Exchange[] = [];

    beforeAll(async () => {
      operations = loadOperations(COLLECTION!, ajv, { versions: ['v3', 'v4'], areas: ['CRM/Communications', 'CRM/Associations'] });
      emulator = await startHubSpotEmulator({ accessToken: TOKEN });
      proxy = await recordingProxy(emulator.url, exchanges);
      hubspot = createHubSpotClient({ accessToken: TOKEN, basePath: proxy.url });
    });
    afterAll(async () => {
      await closeProxy(proxy);
      await emulator?.close();
    });

    const check = (list: readonly Exchange[]) => list.map(asV4SpecTypes).flatMap((e) => problems(e, e.path.split('/')[2] ?? '', operations, ajv));

    it('finds the Communications v3 and Associations v4 specs', () => {
      for (const [version, template] of [['v3', '/crm/v3/objects/communications'], ['v4', '/crm/v4/objects/{objectType}/{objectId}/associations/{toObjectType}']]) {
        expect(operations.some((o) => o.version === version && o.template === template), template).toBe(true);
      }
    });

    it('creating, reading, updating, searching, batching and archiving texts, and their associations, match the spec', async () => {
      exchanges.length = 0;
      const contact = emulator.createRecord('contacts', { properties: { email: 'spec-comms@example.com' } });
      const deal = emulator.createRecord('deals', { properties: { dealname: 'Spec clean' }, associations: [{ type: 'contacts', id: contact.id }] });
      const api = hubspot.crm.objects.communications;

      const created = await api.basicApi.create({
        properties: sms('Your cleaner arrives at 9.', '2026-11-20T15:00:00.000Z'),
        associations: [to(contact.id, AssociationTypes.communicationToContact), to(deal.id, AssociationTypes.communicationToDeal)],
      });
      await api.basicApi.getById(created.id, ['hs_communication_body', 'hs_communication_channel_type'], undefined, ['contacts', 'deals']);
      await api.basicApi.getPage(10, undefined, ['hs_communication_body']);
      await api.basicApi.update(created.id, { properties: { hs_communication_body: 'Your cleaner arrives at 9:30.' } });
      await api.searchApi.doSearch({
        filterGroups: [{ filters: [{ propertyName: 'hs_communication_channel_type', operator: Op.Eq, value: 'SMS' }] }],
        sorts: ['hs_timestamp'],
        properties: ['hs_communication_body', 'hs_timestamp'],
        limit: 10,
        after: '0',
      });
      const batch = await api.batchApi.create({
        inputs: [
          { objectWriteTraceId: 'in-1', properties: sms('Booked', '2026-11-20T16:00:00.000Z'), associations: [to(contact.id, 81)] },
          { objectWriteTraceId: 'in-2', properties: sms('Bad channel', '2026-11-20T16:01:00.000Z', { hs_communication_channel_type: 'EMAIL' }), associations: [] },
        ],
      });
      const batchId = batch.results[0]?.id ?? '';
      await api.batchApi.read({ inputs: [{ id: batchId }, { id: '99999999' }], properties: ['hs_communication_body'], propertiesWithHistory: [] });
      await api.batchApi.update({ inputs: [{ id: batchId, properties: { hs_communication_body: 'Booked for Friday' } }] });

      await hubspot.crm.associations.v4.basicApi.getPage('contacts', contact.id, 'communications');
      await hubspot.crm.associations.v4.basicApi.createDefault('communications', batchId, 'deals', deal.id);
      await hubspot.crm.associations.v4.batchApi.getPage('deals', 'communications', { inputs: [{ id: deal.id }, { id: '99999999' }] });

      // Refusals: a channel HubSpot does not offer, a text without its required properties, a missing id.
      await refused(api.basicApi.create({ properties: sms('x', '2026-11-20T15:00:00.000Z', { hs_communication_channel_type: 'TEXT' }), associations: [] }));
      await refused(api.basicApi.create({ properties: { hs_communication_body: 'x' }, associations: [] }));
      await api.batchApi.archive({ inputs: [{ id: batchId }] });
      await api.basicApi.archive(created.id);
      await refused(api.basicApi.getById(created.id));

      const statuses = exchanges.map((e) => `${e.method} ${e.path.replace(/\/\d+/g, '/{id}')} ${e.status}`);
      expect(statuses).toContain('POST /crm/v3/objects/communications/batch/create 207');
      expect(statuses).toContain('POST /crm/v3/objects/communications 400');
      const wrong = check(exchanges);
      console.info(`checked ${exchanges.length} communications exchanges: ${wrong.length === 0 ? 'all match' : wrong.join('\n')}`);
      expect(wrong).toEqual([]);
    });

    it('a token without the contacts scopes is refused in the spec\'s error shape', async () => {
      const narrow = await startHubSpotEmulator({ accessToken: TOKEN, scopes: ['crm.objects.deals.read'] });
      const seen: Exchange[] = [];
      const narrowProxy = await recordingProxy(narrow.url, seen);
      try {
        const client = createHubSpotClient({ accessToken: TOKEN, basePath: narrowProxy.url });
        await refused(client.crm.objects.communications.basicApi.getPage(10));
        await refused(client.crm.objects.communications.basicApi.create({ properties: sms('x', '2026-11-20T15:00:00.000Z'), associations: [] }));
        expect(seen.map((e) => e.status)).toEqual([403, 403]);
        const wrong = check(seen);
        console.info(`checked ${seen.length} refusals: ${wrong.length === 0 ? 'all match' : wrong.join('\n')}`);
        expect(wrong).toEqual([]);
      } finally {
        await closeProxy(narrowProxy);
        await narrow.close();
      }
    });
  },
);
