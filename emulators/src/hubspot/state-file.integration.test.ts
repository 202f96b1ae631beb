import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAGE } from '@app/shared/deal-stages';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { startHubSpotEmulator } from './server';

const TOKEN = 'test-token';
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('HubSpot emulator state file', () => {
  it('keeps objects, associations and control changes across a restart, and ids and timestamps keep going up', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hubspot-emulator-'));
    dirs.push(dir);
    const stateFile = join(dir, 'state', 'hubspot.json');

    const first = await startHubSpotEmulator({ accessToken: TOKEN, stateFile });
    const client = createHubSpotClient({ accessToken: TOKEN, basePath: first.url });
    const contact = await client.crm.contacts.basicApi.create({ properties: { email: 'fay@example.com' }, associations: [] });
    const deal = await client.crm.deals.basicApi.create({ properties: { dealstage: STAGE.CLEAN_REQUESTED }, associations: [] });
    await client.crm.associations.v4.basicApi.createDefault('deals', deal.id, 'contacts', contact.id);
    first.updateDeal(deal.id, { dealstage: STAGE.CLEANING_SCHEDULED, scheduledAt: '2026-04-01T13:00:00Z', ownerId: '101' });
    first.attachInvoice(deal.id, { status: 'paid', amount: 149 });
    const lastModified = first.objects('deals')[0]?.properties.hs_lastmodifieddate ?? '';
    await first.close();
    // Written atomically: only the file itself is left, no temporary file.
    expect(await readdir(join(dir, 'state'))).toEqual(['hubspot.json']);
    // As an emulator before contacts kept their modified date in lastmodifieddate only wrote it.
    const saved = JSON.parse(await readFile(stateFile, 'utf8')) as { objects: Record<string, Record<string, { properties: Record<string, string> }>> };
    const savedContact = saved.objects.contacts?.[contact.id];
    if (savedContact) savedContact.properties.hs_lastmodifieddate = savedContact.properties.lastmodifieddate ?? '';
    await writeFile(stateFile, JSON.stringify(saved));

    const second = await startHubSpotEmulator({ accessToken: TOKEN, stateFile });
    try {
      const again = createHubSpotClient({ accessToken: TOKEN, basePath: second.url });
      const read = await again.crm.deals.basicApi.getById(deal.id, ['dealstage', 'scheduled_date', 'hubspot_owner_id'], undefined, ['contacts', 'invoices']);
      expect(read.properties).toMatchObject({
        dealstage: STAGE.CLEANING_SCHEDULED,
        scheduled_date: '2026-04-01T13:00:00.000Z',
        hubspot_owner_id: '101',
      });
      expect(read.associations?.contacts?.results[0]?.id).toBe(contact.id);
      expect(read.associations?.invoices?.results).toHaveLength(1);
      // Seeded data is not seeded twice (the super admin and the three cleaners).
      expect(second.owners()).toHaveLength(4);

      const next = await again.crm.deals.basicApi.create({ properties: { dealstage: STAGE.CLEAN_REQUESTED }, associations: [] });
      expect(Number(next.id)).toBeGreaterThan(Number(deal.id));
      expect(Date.parse(next.properties.hs_lastmodifieddate ?? '')).toBeGreaterThan(Date.parse(lastModified));
      // A contact's hs_lastmodifieddate from an older file is dropped: searching on it finds nothing, as on HubSpot.
      const since = (propertyName: string) => again.crm.contacts.searchApi.doSearch({ filterGroups: [{ filters: [{ propertyName, operator: 'GTE' as never, value: '0' }] }] });
      expect((await since('hs_lastmodifieddate')).total).toBe(0);
      expect((await since('lastmodifieddate')).total).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });

  it('moves a state file of an older emulator aside, says so, and starts fresh', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hubspot-emulator-'));
    dirs.push(dir);
    const stateFile = join(dir, 'hubspot.json');
    const old = JSON.stringify({ version: 1, nextId: 5000, clock: 0, objects: {}, associations: [], owners: [], pipelines: {} });
    await writeFile(stateFile, old);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const emulator = await startHubSpotEmulator({ accessToken: TOKEN, stateFile });
    try {
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('older emulator'));
      expect(await readFile(join(dir, 'hubspot.json.v1.old'), 'utf8')).toBe(old);
      // A fresh ready account, written in the new format.
      expect(emulator.owners().length).toBeGreaterThan(1);
      await emulator.flush();
      expect(JSON.parse(await readFile(stateFile, 'utf8'))).toMatchObject({ version: 2 });
    } finally {
      warn.mockRestore();
      await emulator.close();
    }
  });
  it('gives a state file from before the emulator knew communications HubSpot\'s communication properties, keeping the rest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hubspot-emulator-'));
    dirs.push(dir);
    const stateFile = join(dir, 'hubspot.json');
    const first = await startHubSpotEmulator({ accessToken: TOKEN, stateFile });
    const contact = first.createRecord('contacts', { properties: { email: 'gus@example.com' } });
    await first.close();
    // As an emulator before communications wrote it: no schema for them, or an empty one made on first mention.
    const saved = JSON.parse(await readFile(stateFile, 'utf8')) as { schema: Record<string, unknown> };
    saved.schema.communications = { groups: [], properties: [] };
    await writeFile(stateFile, JSON.stringify(saved));

    const second = await startHubSpotEmulator({ accessToken: TOKEN, stateFile });
    try {
      const client = createHubSpotClient({ accessToken: TOKEN, basePath: second.url });
      const text = await client.crm.objects.communications.basicApi.create({
        properties: { hs_communication_channel_type: 'SMS', hs_communication_logged_from: 'CRM', hs_communication_body: 'Hi', hs_timestamp: '2026-11-20T15:00:00.000Z' },
        associations: [],
      });
      expect(text.properties.hs_communication_channel_type).toBe('SMS');
      expect(second.objects('contacts').map((c) => c.id)).toContain(contact.id);
    } finally {
      await second.close();
    }
  });
});
