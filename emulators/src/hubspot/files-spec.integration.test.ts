import type { Server } from 'node:http';
import { AssociationSpecAssociationCategoryEnum as Category } from '@hubspot/api-client/lib/codegen/crm/objects/notes/models/AssociationSpec.js';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubSpotClient, type HubSpotClient } from '@app/worker/crm/hubspot-client';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';
import { closeProxy, loadOperations, problems, recordingProxy, refused, type Exchange, type Operation } from './spec-check';

/**
 * The Files API v3 (a cleaner's photos, docs/cleaner-day.md) checked against HubSpot's published
 * Files v3 spec: the SDK's `files.filesApi` talks to the emulator through a recording proxy, and
 * every request (an upload's form fields; its file part stands as a string, as the spec types
 * it) and answer, refusals included, must match. The note that attaches a file is checked against
 * the CRM Notes v3 spec. HUBSPOT_SPEC_COLLECTION points at a copy of
 * github.com/HubSpot/HubSpot-public-api-spec-collection (its PublicApiSpecs folder is enough);
 * without it the check is skipped, saying so. The 2026-09 Files spec has no upload path: v3 it is
 * (docs/hubspot.md, versions).
 */
const COLLECTION = process.env.HUBSPOT_SPEC_COLLECTION;
const TOKEN = 'spec-check-token';
const u = undefined;

describe.skipIf(!COLLECTION)(
  `HubSpot files through the SDK against HubSpot's published spec${COLLECTION ? '' : ': set HUBSPOT_SPEC_COLLECTION to a copy of HubSpot-public-api-spec-collection to run'}`,
  () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    let operations: Operation[];
    let emulator: HubSpotEmulator;
    let proxy: { url: string; server: Server };
    let hubspot: HubSpotClient;
    const exchanges: Exchange[] = [];

    beforeAll(async () => {
      operations = loadOperations(COLLECTION!, ajv, { versions: ['v3'], areas: ['Files/Files', 'CRM/Notes'] });
      emulator = await startHubSpotEmulator({ accessToken: TOKEN });
      proxy = await recordingProxy(emulator.url, exchanges);
      hubspot = createHubSpotClient({ accessToken: TOKEN, basePath: proxy.url });
    });
    afterAll(async () => {
      await closeProxy(proxy);
      await emulator?.close();
    });

    const check = (list: readonly Exchange[]) => list.flatMap((e) => problems(e, 'v3', operations, ajv));

    it('finds the Files v3 and Notes v3 specs', () => {
      for (const template of ['/files/v3/files', '/files/v3/files/search', '/files/v3/files/{fileId}/signed-url', '/crm/v3/objects/notes']) {
        expect(operations.some((o) => o.template === template), template).toBe(true);
      }
    });

    it('uploading, reading, signing, searching and deleting a private file, and a note attaching it, match the spec', async () => {
      exchanges.length = 0;
      const api = hubspot.files.filesApi;
      const deal = emulator.createRecord('deals', { properties: { dealname: 'Spec photo clean' } });
      const options = JSON.stringify({ access: 'PRIVATE', overwrite: false, duplicateValidationStrategy: 'NONE', duplicateValidationScope: 'EXACT_FOLDER' });
      const file = (await api.upload({ data: Buffer.from('jpeg bytes'), name: 'photo.jpg' }, u, '/cleaning-photos', 'spec-photo.jpg', u, options)) as { id: string; parentFolderId: string };
      await api.getById(file.id);
      await api.getSignedUrl(file.id, u, 300);
      await api.doSearch(u, u, u, 10, u, u, u, u, u, u, u, u, u, u, 'spec-photo', u, [Number(file.parentFolderId)]);
      await hubspot.crm.objects.notes.basicApi.create({
        properties: { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_note_body: 'Photo from the spec check', hs_attachment_ids: file.id },
        associations: [{ to: { id: deal.id }, types: [{ associationCategory: Category.HubspotDefined, associationTypeId: 214 }] }],
      });

      // Refusals: no access option, no folder, an unknown id; then the delete, and the deleted file.
      await refused(api.upload({ data: Buffer.from('x'), name: 'x.jpg' }, u, '/cleaning-photos', 'x.jpg', u, '{}'));
      await refused(api.upload({ data: Buffer.from('x'), name: 'x.jpg' }, u, u, 'x.jpg', u, options));
      await refused(api.getById('99999999'));
      await api.archive(file.id);
      await refused(api.getSignedUrl(file.id));

      const statuses = exchanges.map((e) => `${e.method} ${e.path.replace(/\/\d+/g, '/{id}')} ${e.status}`);
      expect(statuses).toEqual([
        'POST /files/v3/files 201',
        'GET /files/v3/files/{id} 200',
        'GET /files/v3/files/{id}/signed-url 200',
        'GET /files/v3/files/search 200',
        'POST /crm/v3/objects/notes 201',
        'POST /files/v3/files 400',
        'POST /files/v3/files 400',
        'GET /files/v3/files/{id} 404',
        'DELETE /files/v3/files/{id} 204',
        'GET /files/v3/files/{id}/signed-url 404',
      ]);
      const wrong = check(exchanges);
      console.info(`checked ${exchanges.length} files exchanges: ${wrong.length === 0 ? 'all match' : wrong.join('\n')}`);
      expect(wrong).toEqual([]);
    });

    it("a token without the files scope is refused in the spec's error shape", async () => {
      const narrow = await startHubSpotEmulator({ accessToken: TOKEN, scopes: ['crm.objects.deals.read'] });
      const seen: Exchange[] = [];
      const narrowProxy = await recordingProxy(narrow.url, seen);
      try {
        const client = createHubSpotClient({ accessToken: TOKEN, basePath: narrowProxy.url });
        await refused(client.files.filesApi.doSearch(u, u, u, 1));
        await refused(client.files.filesApi.upload({ data: Buffer.from('x'), name: 'x.jpg' }, u, '/x', 'x.jpg', u, JSON.stringify({ access: 'PRIVATE' })));
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
