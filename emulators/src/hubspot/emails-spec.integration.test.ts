import type { Server } from 'node:http';
import { AssociationTypes } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum as Category } from '@hubspot/api-client/lib/codegen/crm/objects/emails/models/AssociationSpec.js';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubSpotClient, type HubSpotClient } from '@app/worker/crm/hubspot-client';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';
import { asV4SpecTypes, closeProxy, loadOperations, problems, recordingProxy, refused, type Exchange, type Operation } from './spec-check';

/**
 * The emails engagement checked against HubSpot's published specs: the SDK's
 * `crm.objects.emails` and v4 associations talk to the emulator through a recording proxy, and
 * every request and answer (refusals included) must match HubSpot's CRM Emails v3 or
 * Associations v4 spec. HUBSPOT_SPEC_COLLECTION points at a copy of
 * github.com/HubSpot/HubSpot-public-api-spec-collection; without it the check is skipped, saying so.
 */
const COLLECTION = process.env.HUBSPOT_SPEC_COLLECTION;
const TOKEN = 'spec-check-token';

const to = (id: string, associationTypeId: number) => ({ to: { id }, types: [{ associationCategory: Category.HubspotDefined, associationTypeId }] });
const sent = (subject: string, at: string, extra: Record<string, string> = {}) => ({
  hs_timestamp: at,
  hs_email_direction: 'EMAIL',
  hs_email_status: 'SENT',
  hs_email_subject: subject,
  hs_email_text: 'Your cleaning is confirmed.',
  hs_email_headers: JSON.stringify({ from: { email: 'hello@cleaning.example' }, to: [{ email: 'spec-emails@example.com', firstName: 'Ana', lastName: 'Lopez' }], cc: [], bcc: [] }),
  ...extra,
});

describe.skipIf(!COLLECTION)(
  `HubSpot emails through the SDK against HubSpot's published specs${COLLECTION ? '' : ': set HUBSPOT_SPEC_COLLECTION to a copy of HubSpot-public-api-spec-collection to run'}`,
  () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    let operations: Operation[];
    let emulator: HubSpotEmulator;
    let proxy: { url: string; server: Server };
    let hubspot: HubSpotClient;
    const exchanges: Exchange[] = [];

    beforeAll(async () => {
      operations = loadOperations(COLLECTION!, ajv, { versions: ['v3', 'v4'], areas: ['CRM/Emails', 'CRM/Associations'] });
      emulator = await startHubSpotEmulator({ accessToken: TOKEN });
      proxy = await recordingProxy(emulator.url, exchanges);
      hubspot = createHubSpotClient({ accessToken: TOKEN, basePath: proxy.url });
    });
    afterAll(async () => {
      await closeProxy(proxy);
      await emulator?.close();
    });

    const check = (list: readonly Exchange[]) => list.map(asV4SpecTypes).flatMap((e) => problems(e, e.path.split('/')[2] ?? '', operations, ajv));

    it('finds the Emails v3 spec', () => {
      expect(operations.some((o) => o.version === 'v3' && o.template === '/crm/v3/objects/emails/batch/create')).toBe(true);
    });

    it('what the log job sends and reads (create, batch create and read, associations) and the refusals match the spec', async () => {
      exchanges.length = 0;
      const contact = emulator.createRecord('contacts', { properties: { email: 'spec-emails@example.com' } });
      const deal = emulator.createRecord('deals', { properties: { dealname: 'Spec clean' }, associations: [{ type: 'contacts', id: contact.id }] });
      const api = hubspot.crm.objects.emails;

      const created = await api.basicApi.create({
        properties: sent('Your cleaning is confirmed', '2026-12-01T15:00:00.000Z'),
        associations: [to(contact.id, AssociationTypes.emailToContact), to(deal.id, AssociationTypes.emailToDeal)],
      });
      await api.basicApi.getById(created.id, ['hs_email_subject', 'hs_email_to_email'], undefined, ['contacts', 'deals']);
      const batch = await api.batchApi.create({
        inputs: [
          { objectWriteTraceId: 'in-1', properties: sent('Reminder', '2026-12-02T15:00:00.000Z'), associations: [to(contact.id, 198), to(deal.id, 210)] },
          { objectWriteTraceId: 'in-2', properties: sent('Bad status', '2026-12-02T15:01:00.000Z', { hs_email_status: 'OPENED' }), associations: [] },
        ],
      });
      await api.batchApi.read({ inputs: [{ id: batch.results[0]?.id ?? '' }, { id: '99999999' }], properties: ['hs_timestamp', 'hs_email_subject', 'hs_email_headers'], propertiesWithHistory: [] });
      await hubspot.crm.associations.v4.batchApi.getPage('contacts', 'emails', { inputs: [{ id: contact.id }, { id: '99999999' }] });

      // Refusals: a direction HubSpot does not offer, an e-mail without hs_timestamp, an association type that is not an e-mail's.
      await refused(api.basicApi.create({ properties: sent('x', '2026-12-01T15:00:00.000Z', { hs_email_direction: 'OUTGOING' }), associations: [] }));
      await refused(api.basicApi.create({ properties: { hs_email_subject: 'x' }, associations: [] }));
      await refused(api.basicApi.create({ properties: sent('x', '2026-12-01T15:00:00.000Z'), associations: [to(contact.id, AssociationTypes.communicationToContact)] }));
      await api.basicApi.archive(created.id);
      await refused(api.basicApi.getById(created.id));

      const statuses = exchanges.map((e) => `${e.method} ${e.path.replace(/\/\d+/g, '/{id}')} ${e.status}`);
      expect(statuses).toContain('POST /crm/v3/objects/emails/batch/create 207');
      expect(statuses.filter((s) => s === 'POST /crm/v3/objects/emails 400')).toHaveLength(3);
      const wrong = check(exchanges);
      console.info(`checked ${exchanges.length} emails exchanges: ${wrong.length === 0 ? 'all match' : wrong.join('\n')}`);
      expect(wrong).toEqual([]);
    });
  },
);
