import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssociationSpecAssociationCategoryEnum as Category } from '@hubspot/api-client/lib/codegen/crm/objects/notes/models/AssociationSpec.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPES } from './scopes';
import { startHubSpotEmulator } from './server';
import { failure, startTestEmulator, TOKEN, type TestEmulator } from './test-kit';

/** The Files API v3 as `client.files.filesApi` reaches it, and files attached to notes. */

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.close());
beforeEach(() => t.emulator.reset());

const photo = (text = 'jpeg bytes') => ({ data: Buffer.from(text), name: 'phone.jpg' });
const privately = JSON.stringify({ access: 'PRIVATE' });
const u = undefined;

/** The SDK's search takes its 36 filters by position: by name, and by folder (as the worker searches). */
const search = (name?: string, folderId?: string) =>
  t.hubspot.files.filesApi.doSearch(u, u, u, 10, u, u, u, u, u, u, u, u, u, u, name, u, folderId === undefined ? u : [Number(folderId)]);

/** A raw multipart upload, for what the SDK always sends (it has no way to leave `file` out, say). */
async function upload(fields: Record<string, string>, file?: { data: Buffer; name: string }) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: 'image/jpeg' }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${t.emulator.url}/files/v3/files`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: form });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('HubSpot emulator: files', () => {
  it('uploads a private file into a folder made from its path, and reads, finds, signs and deletes it', async () => {
    const api = t.hubspot.files.filesApi;
    const created = (await api.upload(photo('abc'), undefined, '/cleaning-photos/2026', 'p-1.jpg', undefined, privately)) as Record<string, unknown>;
    expect(created).toMatchObject({ name: 'p-1', extension: 'jpg', type: 'IMG', access: 'PRIVATE', size: 3, path: '/cleaning-photos/2026/p-1.jpg', archived: false });
    const id = String(created.id);

    expect(await api.getById(id)).toMatchObject({ id, name: 'p-1', access: 'PRIVATE' });
    const byName = await search('p-1');
    expect(byName.results.map((f) => f.id)).toEqual([id]);
    const inFolder = await search(undefined, String(created.parentFolderId));
    expect(inFolder.results.map((f) => f.id)).toEqual([id]);
    const other = await search('p-2');
    expect(other.results).toEqual([]);

    const signed = await api.getSignedUrl(id);
    expect(signed).toMatchObject({ name: 'p-1', extension: 'jpg', size: 3 });
    expect(Buffer.from(await (await fetch(signed.url)).arrayBuffer()).toString()).toBe('abc');
    expect(t.emulator.fileContent(id)?.toString()).toBe('abc');
    expect((await t.control('GET', '/files')).json.results).toMatchObject([{ id, access: 'PRIVATE', contentType: 'image/jpeg' }]);

    await api.archive(id);
    expect((await failure(api.getById(id))).code).toBe(404);
    const afterDelete = await search('p-1');
    expect(afterDelete.results).toEqual([]);
  });

  it('puts a second file of the same name beside the first, and replaces it with overwrite', async () => {
    const api = t.hubspot.files.filesApi;
    const first = (await api.upload(photo('one'), undefined, '/cleaning-photos', 'same.jpg', undefined, privately)) as { id: string };
    const second = (await api.upload(photo('two'), undefined, '/cleaning-photos', 'same.jpg', undefined, privately)) as { id: string; name: string };
    expect(second.id).not.toBe(first.id);
    expect(second.name).toBe('same-1');
    const replaced = (await api.upload(photo('three'), undefined, '/cleaning-photos', 'same.jpg', undefined, JSON.stringify({ access: 'PRIVATE', overwrite: true }))) as { id: string };
    expect(replaced.id).toBe(first.id);
    expect(t.emulator.fileContent(first.id)?.toString()).toBe('three');
  });

  it('refuses an upload without a file, without access, with an unknown access, without a folder, or over the size limit', async () => {
    expect(await upload({ folderPath: '/x', options: privately })).toMatchObject({ status: 400, json: { category: 'VALIDATION_ERROR' } });
    expect(await upload({ folderPath: '/x' }, photo())).toMatchObject({ status: 400, json: { message: expect.stringContaining('options') } });
    expect(await upload({ folderPath: '/x', options: '{}' }, photo())).toMatchObject({ status: 400, json: { message: expect.stringContaining('access') } });
    expect(await upload({ folderPath: '/x', options: JSON.stringify({ access: 'SECRET' }) }, photo())).toMatchObject({ status: 400 });
    expect(await upload({ options: privately }, photo())).toMatchObject({ status: 400, json: { message: expect.stringContaining('folder') } });
    t.emulator.config.set({ fileMaxBytes: 5 });
    expect(await upload({ folderPath: '/x', options: privately }, photo('123456'))).toMatchObject({ status: 413 });
    t.emulator.config.set({ fileMaxBytes: 300 * 1024 * 1024 });
    expect(t.emulator.files()).toEqual([]);
  });

  it('needs the files scope: 403 MISSING_SCOPES naming the scopes of HubSpot\'s spec', async () => {
    t.emulator.config.set({ scopes: ['crm.objects.deals.read'] });
    try {
      const refused = await failure(t.hubspot.files.filesApi.upload(photo(), undefined, '/x', 'a.jpg', undefined, privately));
      expect(refused.code).toBe(403);
      const read = await t.crm('GET', '/files/v3/files/search?name=a');
      expect(read).toMatchObject({ status: 403, json: { category: 'MISSING_SCOPES', errors: [{ context: { requiredGranularScopes: ['files', 'files.read', 'files.ui_hidden.read'] } }] } });
    } finally {
      t.emulator.config.set({ scopes: ['files', 'crm.objects.contacts.read', 'crm.objects.contacts.write', 'crm.objects.deals.read', 'crm.objects.deals.write'] });
    }
  });

  it('keeps a note\'s hs_attachment_ids as given, an unknown file id too', async () => {
    const file = (await t.hubspot.files.filesApi.upload(photo(), undefined, '/cleaning-photos', 'n.jpg', undefined, privately)) as { id: string };
    const deal = t.emulator.createRecord('deals', { properties: { dealname: 'Photo clean' } });
    const note = await t.hubspot.crm.objects.notes.basicApi.create({
      properties: { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_note_body: 'Photo', hs_attachment_ids: `${file.id};999` },
      associations: [{ to: { id: deal.id }, types: [{ associationCategory: Category.HubspotDefined, associationTypeId: 214 }] }],
    });
    const read = await t.hubspot.crm.objects.notes.basicApi.getById(note.id, ['hs_attachment_ids']);
    expect(read.properties.hs_attachment_ids).toBe(`${file.id};999`);
    expect(t.emulator.objects('deals').find((d) => d.id === deal.id)?.associations.notes).toEqual([note.id]);
  });

  it('attaches a file to a note on a ticket (note to ticket, type 228)', async () => {
    const file = (await t.hubspot.files.filesApi.upload(photo(), undefined, '/claim-photos', 't.jpg', undefined, privately)) as { id: string };
    const ticket = t.emulator.createRecord('tickets', { properties: { subject: 'Re-clean Claim: Basic Clean', hs_pipeline_stage: '1' } });
    const note = await t.hubspot.crm.objects.notes.basicApi.create({
      properties: { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_note_body: 'Photo', hs_attachment_ids: file.id },
      associations: [{ to: { id: ticket.id }, types: [{ associationCategory: Category.HubspotDefined, associationTypeId: 228 }] }],
    });
    expect(t.emulator.objects('tickets').find((r) => r.id === ticket.id)?.associations.notes).toEqual([note.id]);
    expect(t.emulator.objects('notes').find((n) => n.id === note.id)?.associations.tickets).toEqual([ticket.id]);
    // Read from the ticket's side, the pair's other id (ticket to note, 227).
    t.emulator.config.set({ scopes: [...DEFAULT_SCOPES] });
    const fromTicket = await t.crm('GET', `/crm/v4/objects/tickets/${ticket.id}/associations/notes`);
    expect(fromTicket).toMatchObject({ status: 200, json: { results: [{ toObjectId: Number(note.id), associationTypes: [{ typeId: 227 }] }] } });
  });

  it('keeps files in the state file across a restart; a file from before files (and hs_attachment_ids) still loads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hubspot-files-'));
    try {
      const stateFile = join(dir, 'hubspot.json');
      const first = await startHubSpotEmulator({ accessToken: TOKEN, stateFile });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(Buffer.from('kept bytes'))], { type: 'image/jpeg' }), 'k.jpg');
      form.append('folderPath', '/cleaning-photos');
      form.append('options', privately);
      const created = (await (await fetch(`${first.url}/files/v3/files`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: form })).json()) as { id: string };
      await first.close();

      const second = await startHubSpotEmulator({ accessToken: TOKEN, stateFile });
      expect(second.fileContent(created.id)?.toString()).toBe('kept bytes');
      await second.close();

      // As an emulator before the Files API wrote it: no files, notes without hs_attachment_ids.
      const saved = JSON.parse(await readFile(stateFile, 'utf8')) as { files?: unknown; schema: Record<string, { properties: { name: string }[] }> };
      delete saved.files;
      saved.schema.notes!.properties = saved.schema.notes!.properties.filter((p) => p.name !== 'hs_attachment_ids');
      await writeFile(stateFile, JSON.stringify(saved));
      const third = await startHubSpotEmulator({ accessToken: TOKEN, stateFile });
      try {
        expect(third.files()).toEqual([]);
        const response = await fetch(`${third.url}/crm/v3/objects/notes`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ properties: { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_attachment_ids: '1' } }),
        });
        expect(response.status).toBe(201);
      } finally {
        await third.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
