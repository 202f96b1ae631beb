import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { createLogger } from '@app/runtime/logger';
import { STAGE } from '@app/shared/deal-stages';
import { testDatabaseUrl } from '../../../test/context';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { hasExifGps, TINY_JPEG } from '../../../test/photo-fixtures';
import { addDeal } from '../../../test/staff-fixtures';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { photoFileName } from '../crm/photo-on-record';
import { crmAttachPhotoJob } from './crm-attach-photo';

const log = createLogger({ service: 'attach-photo-test', level: 'silent', format: 'json' });
const NOTE_TO_DEAL = 214;

describe('crm.attach-photo against the HubSpot emulator', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;
  let maria: { hubspotId: string };

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    gateway = crm.gateway({ timeoutMs: 1_000 });
    const owner = hubspot.addOwner({ email: `maria.${randomBytes(3).toString('hex')}@cleaning.example`, firstName: 'Maria', lastName: 'Alvarez' });
    maria = await db.owner.create({ data: { hubspotId: owner.id, firstName: 'Maria', lastName: 'Alvarez', email: owner.email }, select: { hubspotId: true } });
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });
  beforeEach(() => {
    hubspot.faults.clear();
    hubspot.clearRequests();
  });

  /** A cleaning in HubSpot (10 December, 9:00 Eastern) with a photo as the api keeps it. */
  async function photoOfCleaning(inHubSpot = true) {
    const dealHubspotId = inHubSpot ? await crm.createAsStaff('deals', { dealname: 'Photo clean' }) : null;
    const deal = await addDeal(db, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date('2026-12-10T14:00:00Z'), hubspotId: dealHubspotId });
    const photo = await db.visitPhoto.create({
      data: { dealId: deal.id, ownerHubspotId: maria.hubspotId, cleanerEmail: 'maria@cleaning.example', contentType: 'image/jpeg', byteSize: TINY_JPEG.length, bytes: Uint8Array.from(TINY_JPEG) },
      select: { id: true, contentType: true },
    });
    return { photo, dealHubspotId: dealHubspotId ?? '' };
  }
  const run = (photoId: string, attempt = 1) => crmAttachPhotoJob({ db, hubspot: gateway }).process({ photoId }, { log, jobId: `attach-${photoId}`, attempt });
  const filesNamed = (photoId: string) => hubspot.files().filter((f) => f.name === photoId && !f.archived);
  const notesCarrying = (fileId: string) => hubspot.objects('notes').filter((n) => n.properties.hs_attachment_ids === fileId);
  const uploads = () => hubspot.requests().filter((r) => r.method === 'POST' && r.path === '/files/v3/files');
  const noteCreates = () => hubspot.requests().filter((r) => r.method === 'POST' && r.path === '/crm/v3/objects/notes');

  it('uploads a private file into /cleaning-photos, attaches it to a note on the deal, then clears the bytes', async () => {
    const { photo, dealHubspotId } = await photoOfCleaning();
    const result = (await run(photo.id)) as { outcome: string; fileId: string; noteId: string };
    expect(result.outcome).toBe('attached');

    const [file] = filesNamed(photo.id);
    expect(file).toMatchObject({ id: result.fileId, access: 'PRIVATE', path: `/cleaning-photos/${photoFileName(photo)}`, extension: 'jpg' });
    const bytes = hubspot.fileContent(result.fileId)!;
    expect(bytes.equals(TINY_JPEG)).toBe(true);
    expect(hasExifGps(bytes)).toBe(false);

    const [note] = notesCarrying(result.fileId);
    expect(note).toMatchObject({ id: result.noteId, properties: { hs_note_body: "Photo from Maria's cleaning on December 10, 2026 at 9:00 AM." } });
    expect(note!.associations.deals).toEqual([dealHubspotId]);
    expect(hubspot.associations().some((a) => a.fromType === 'notes' && a.fromId === note!.id && a.toId === dealHubspotId && a.typeId === NOTE_TO_DEAL)).toBe(true);

    const row = await db.visitPhoto.findUniqueOrThrow({ where: { id: photo.id } });
    expect(row).toMatchObject({ hubspotFileId: result.fileId, hubspotNoteId: result.noteId, bytes: null });
    expect(row.sentAt).not.toBeNull();

    hubspot.clearRequests();
    expect(await run(photo.id, 2)).toEqual({ outcome: 'settled' });
    expect(hubspot.requests()).toEqual([]);
  });

  it('a lost answer: the retry finds the file and the note an earlier try made, and makes neither twice', async () => {
    const { photo } = await photoOfCleaning();
    // The first try's search hangs: the job gives up at its deadline, HubSpot got nothing.
    hubspot.faults.next(1, { timeoutMs: 3_000 });
    await expect(run(photo.id)).rejects.toThrow();
    expect(filesNamed(photo.id)).toEqual([]);

    // A try whose upload reached HubSpot but whose answer was lost: the file is there, our row knows nothing.
    const uploaded = await crm.gateway().uploadFile('/cleaning-photos', photoFileName(photo), TINY_JPEG, 'PRIVATE');
    hubspot.clearRequests();
    const second = (await run(photo.id, 2)) as { fileId: string; noteId: string };
    expect(second.fileId).toBe(uploaded);
    expect(uploads()).toEqual([]);
    expect(filesNamed(photo.id)).toHaveLength(1);
    expect(notesCarrying(uploaded)).toHaveLength(1);

    // And a note made by a try whose answer was lost: found on the deal by the file it carries.
    const other = await photoOfCleaning();
    const file = await crm.gateway().uploadFile('/cleaning-photos', photoFileName(other.photo), TINY_JPEG, 'PRIVATE');
    await db.visitPhoto.update({ where: { id: other.photo.id }, data: { hubspotFileId: file } });
    const earlierNote = await crm.gateway().noteOnDeal(other.dealHubspotId, 'Photo from an earlier try', new Date(), [file]);
    hubspot.clearRequests();
    expect(await run(other.photo.id, 3)).toMatchObject({ outcome: 'attached', fileId: file, noteId: earlierNote });
    expect(noteCreates()).toEqual([]);
    expect(uploads()).toEqual([]);
    expect(notesCarrying(file)).toHaveLength(1);
  });

  it('an outage: the job fails to be retried, keeping the bytes; the retry after it attaches the photo once', async () => {
    const { photo } = await photoOfCleaning();
    hubspot.faults.outage(30);
    await expect(run(photo.id)).rejects.toThrow();
    expect((await db.visitPhoto.findUniqueOrThrow({ where: { id: photo.id } })).bytes).not.toBeNull();
    hubspot.faults.clear();
    const result = (await run(photo.id, 2)) as { fileId: string };
    expect(filesNamed(photo.id)).toHaveLength(1);
    expect(notesCarrying(result.fileId)).toHaveLength(1);
  });

  it('deletes the photo of a deal deleted in HubSpot, sending nothing', async () => {
    const { photo } = await photoOfCleaning();
    const row = await db.visitPhoto.findUniqueOrThrow({ where: { id: photo.id }, select: { dealId: true } });
    await db.deal.update({ where: { id: row.dealId }, data: { archivedAt: new Date() } });
    hubspot.clearRequests();
    expect(await run(photo.id)).toEqual({ outcome: 'deal-archived' });
    expect(await db.visitPhoto.count({ where: { id: photo.id } })).toBe(0);
    expect(hubspot.requests()).toEqual([]);
  });

  it('waits (fails to be retried) while the deal is not in HubSpot yet, sending nothing', async () => {
    const { photo } = await photoOfCleaning(false);
    await expect(run(photo.id)).rejects.toThrow('is not in HubSpot yet');
    expect(hubspot.requests()).toEqual([]);
  });
});
