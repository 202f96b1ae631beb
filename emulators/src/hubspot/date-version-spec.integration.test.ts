import type { Server } from 'node:http';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { createHubSpotGateway, type ObjectType } from '@app/worker/crm/hubspot-gateway';
import { HUBSPOT_DATE_VERSION } from '@app/worker/crm/hubspot-versions';
import { localRequestBudget } from '@app/worker/crm/request-budget';
import { DATE_VERSIONS } from './date-versions';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';
import { closeProxy, loadOperations, problems, recordingProxy, type Exchange, type Operation } from './spec-check';

/**
 * Our date-versioned calls and the emulator's answers, checked against HubSpot's own published
 * specs (github.com/HubSpot/HubSpot-public-api-spec-collection, never copied here): the worker's
 * gateway talks to the emulator through a recording proxy, and every exchange must match an
 * operation of that version's spec by method and path template, with path parameters, request
 * body and answer (status and body) valid against the spec's schemas. The same requests are
 * then sent on each other date version the emulator serves and checked against that spec.
 *
 * HUBSPOT_SPEC_COLLECTION points at a checkout or export of that repository (its
 * PublicApiSpecs folder is enough). Without it the check is skipped, saying so.
 */
const COLLECTION = process.env.HUBSPOT_SPEC_COLLECTION;
const TOKEN = 'spec-check-token';

describe.skipIf(!COLLECTION)(
  `our date-versioned HubSpot calls against HubSpot's published specs${COLLECTION ? '' : ': set HUBSPOT_SPEC_COLLECTION to a copy of HubSpot-public-api-spec-collection to run'}`,
  () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    let operations: Operation[];
    let emulator: HubSpotEmulator;
    let proxy: { url: string; server: Server };
    const exchanges: Exchange[] = [];

    beforeAll(async () => {
      operations = loadOperations(COLLECTION!, ajv, { versions: DATE_VERSIONS });
      emulator = await startHubSpotEmulator({ accessToken: TOKEN });
      proxy = await recordingProxy(emulator.url, exchanges);
    });
    afterAll(async () => {
      await closeProxy(proxy);
      await emulator?.close();
    });

    it('finds the specs of every date version the emulator serves', () => {
      for (const version of DATE_VERSIONS) expect(operations.filter((o) => o.version === version).length, version).toBeGreaterThan(0);
      console.info(`HubSpot spec collection: ${operations.length} operations of ${DATE_VERSIONS.join(', ')} from ${new Set(operations.map((o) => o.file)).size} files`);
    });

    it('the emulator\'s refusals on the date versions (a missing scope, a bad body) are in the spec\'s error shape', async () => {
      const narrow = await startHubSpotEmulator({ accessToken: TOKEN, scopes: ['crm.objects.contacts.read'] });
      try {
        const refusals: Exchange[] = [];
        for (const version of DATE_VERSIONS) {
          for (const [on, requestBody, status] of [
            [narrow, { inputs: [{ id: '1' }] }, 403],
            [emulator, { inputs: 'not a list' }, 400],
          ] as const) {
            const path = `/crm/associations/${version}/deals/contacts/batch/read`;
            const answer = await fetch(`${on.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(requestBody) });
            expect(answer.status).toBe(status);
            // The request itself is not what is checked here (the bad body is bad on purpose).
            refusals.push({ method: 'POST', path, requestBody: { inputs: [] }, status: answer.status, responseBody: (await answer.json()) as unknown });
          }
        }
        const wrong = refusals.flatMap((e) => problems(e, e.path.split('/')[3] ?? '', operations, ajv));
        console.info(`checked ${refusals.length} refusals: ${wrong.length === 0 ? 'all match' : wrong.join('\n')}`);
        expect(wrong).toEqual([]);
      } finally {
        await narrow.close();
      }
    });

    it(`the pull's associations reads on ${HUBSPOT_DATE_VERSION}, and the emulator's answers, match HubSpot's spec`, async () => {
      const contact = emulator.createRecord('contacts', { properties: { email: `spec-${Date.now()}@example.com` } });
      const company = emulator.createRecord('companies', { properties: { name: 'Spec Co' }, associations: [{ type: 'contacts', id: contact.id }] });
      const deal = emulator.createRecord('deals', { properties: { dealname: 'Spec clean' }, associations: [{ type: 'contacts', id: contact.id }] });
      const note = emulator.createRecord('notes', { properties: { hs_timestamp: '2026-11-27T10:00:00.000Z', hs_note_body: 'Spec' }, associations: [{ type: 'contacts', id: contact.id }] });
      const gateway = createHubSpotGateway(createHubSpotClient({ accessToken: TOKEN, basePath: proxy.url }), localRequestBudget({ max: 1_000, windowMs: 10_000 }));
      // Every pair the pull reads, with one id that has associations and one that has none.
      const pairs: [ObjectType, ObjectType, string][] = [
        ['deals', 'contacts', deal.id],
        ['deals', 'invoices', deal.id],
        ['invoices', 'deals', deal.id],
        ['tickets', 'deals', deal.id],
        ['contacts', 'companies', contact.id],
        ['notes', 'contacts', note.id],
        ['notes', 'companies', note.id],
      ];
      for (const [from, to, id] of pairs) await gateway.associatedIds(from, to, [id, '99999999']);
      expect((await gateway.associatedIds('contacts', 'companies', [contact.id])).get(contact.id)).toEqual([company.id]);

      const found = exchanges.flatMap((e) => problems(e, HUBSPOT_DATE_VERSION, operations, ajv));
      console.info(`checked ${exchanges.length} exchanges on ${HUBSPOT_DATE_VERSION}: ${found.length === 0 ? 'all match' : found.join('\n')}`);
      expect(found).toEqual([]);
      expect(exchanges.length).toBe(pairs.length + 1);

      // The same requests on the emulator's other date versions, against their own specs.
      for (const version of DATE_VERSIONS.filter((v) => v !== HUBSPOT_DATE_VERSION)) {
        const replayed: Exchange[] = [];
        for (const e of exchanges) {
          const path = e.path.replace(`/${HUBSPOT_DATE_VERSION}/`, `/${version}/`);
          const answer = await fetch(`${emulator.url}${path}`, { method: e.method, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(e.requestBody) });
          replayed.push({ ...e, path, status: answer.status, responseBody: (await answer.json()) as unknown });
        }
        const wrong = replayed.flatMap((e) => problems(e, version, operations, ajv));
        console.info(`checked ${replayed.length} exchanges on ${version}: ${wrong.length === 0 ? 'all match' : wrong.join('\n')}`);
        expect(wrong).toEqual([]);
      }
    });
  },
);
