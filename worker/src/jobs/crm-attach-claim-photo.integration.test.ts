import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { createLogger } from '@app/runtime/logger';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { hasExifGps, TINY_JPEG } from '../../../test/photo-fixtures';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { photoFileName } from '../crm/photo-on-record';
import { CLAIM_PHOTO_FOLDER, crmAttachClaimPhotoJob } from './crm-attach-claim-photo';
import { crmPushBookingJob } from './crm-push-booking';
import { crmPushChangeRequestJob } from './crm-push-change-request';

const log = createLogger({ service: 'attach-claim-photo-test', level: 'silent', format: 'json' });
const ctx = { log, jobId: 'test', attempt: 1 };
const NOTE_TO_TICKET = 228;

describe('crm.attach-claim-photo against the HubSpot emulator', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    gateway = crm.gateway({ timeoutMs: 1_000 });
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });
  beforeEach(() => {
    hubspot.faults.clear();
    hubspot.clearRequests();
  });

  /** A done booking in HubSpot with a re-clean claim (pushed by its own job unless told not to) and a photo of it as the api keeps it. */
  async function photoOfClaim(ticketInHubSpot = true) {
    const booking = await insertBooking(db);
    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, ctx);
    const ticket = await db.ticket.create({ data: { dealId: booking.dealId, contactId: booking.contactId, category: 'RecleanClaim', reason: 'The oven was not cleaned.' } });
    if (ticketInHubSpot) await pushTicket(ticket.id);
    const photo = await db.claimPhoto.create({
      data: { ticketId: ticket.id, contactId: booking.contactId, contentType: 'image/jpeg', byteSize: TINY_JPEG.length, bytes: Uint8Array.from(TINY_JPEG), createdAt: new Date('2026-11-22T15:30:00Z') },
      select: { id: true, contentType: true },
    });
    hubspot.clearRequests();
    return { photo, ticketId: ticket.id };
  }
  const pushTicket = (ticketId: string) => crmPushChangeRequestJob({ db, hubspot: gateway, account: crm.account }).process({ ticketId }, ctx);
  const ticketHubspotId = async (ticketId: string) => (await db.ticket.findUniqueOrThrow({ where: { id: ticketId } })).hubspotId!;
  const run = (photoId: string, attempt = 1) => crmAttachClaimPhotoJob({ db, hubspot: gateway }).process({ photoId }, { log, jobId: `attach-${photoId}`, attempt });
  const filesNamed = (photoId: string) => hubspot.files().filter((f) => f.name === photoId && !f.archived);
  const notesCarrying = (fileId: string) => hubspot.objects('notes').filter((n) => n.properties.hs_attachment_ids === fileId);
  const uploads = () => hubspot.requests().filter((r) => r.method === 'POST' && r.path === '/files/v3/files');
  const noteCreates = () => hubspot.requests().filter((r) => r.method === 'POST' && r.path === '/crm/v3/objects/notes');

  it('waits while the ticket is not in HubSpot, then puts a private file in /claim-photos on a note of the ticket and clears the bytes', async () => {
    const { photo, ticketId } = await photoOfClaim(false);
    await expect(run(photo.id)).rejects.toThrow('is not in HubSpot yet');
    expect(hubspot.requests()).toEqual([]);

    await pushTicket(ticketId);
    const ticketInHubSpot = await ticketHubspotId(ticketId);
    const result = (await run(photo.id, 2)) as { outcome: string; fileId: string; noteId: string };
    expect(result.outcome).toBe('attached');

    const [file] = filesNamed(photo.id);
    expect(file).toMatchObject({ id: result.fileId, access: 'PRIVATE', path: `${CLAIM_PHOTO_FOLDER}/${photoFileName(photo)}`, extension: 'jpg' });
    const bytes = hubspot.fileContent(result.fileId)!;
    expect(bytes.equals(TINY_JPEG)).toBe(true);
    expect(hasExifGps(bytes)).toBe(false);

    const [note] = notesCarrying(result.fileId);
    expect(note).toMatchObject({ id: result.noteId, properties: { hs_note_body: "Photo from the customer's re-clean claim, added on November 22, 2026 at 10:30 AM." } });
    expect(note!.associations.tickets).toEqual([ticketInHubSpot]);
    expect(hubspot.associations().some((a) => a.fromType === 'notes' && a.fromId === note!.id && a.toId === ticketInHubSpot && a.typeId === NOTE_TO_TICKET)).toBe(true);

    const row = await db.claimPhoto.findUniqueOrThrow({ where: { id: photo.id } });
    expect(row).toMatchObject({ hubspotFileId: result.fileId, hubspotNoteId: result.noteId, bytes: null });
    expect(row.sentAt).not.toBeNull();

    hubspot.clearRequests();
    expect(await run(photo.id, 3)).toEqual({ outcome: 'settled' });
    expect(hubspot.requests()).toEqual([]);
  });

  it('a lost answer: the retry finds the file and the note an earlier try made, and makes neither twice', async () => {
    const { photo } = await photoOfClaim();
    // The first try's search hangs: the job gives up at its deadline, HubSpot got nothing.
    hubspot.faults.next(1, { timeoutMs: 3_000 });
    await expect(run(photo.id)).rejects.toThrow();
    expect(filesNamed(photo.id)).toEqual([]);

    // A try whose upload reached HubSpot but whose answer was lost: the file is there, our row knows nothing.
    const uploaded = await crm.gateway().uploadFile(CLAIM_PHOTO_FOLDER, photoFileName(photo), TINY_JPEG, 'PRIVATE');
    hubspot.clearRequests();
    const second = (await run(photo.id, 2)) as { fileId: string; noteId: string };
    expect(second.fileId).toBe(uploaded);
    expect(uploads()).toEqual([]);
    expect(filesNamed(photo.id)).toHaveLength(1);
    expect(notesCarrying(uploaded)).toHaveLength(1);

    // And a note made by a try whose answer was lost: found on the ticket by the file it carries.
    const other = await photoOfClaim();
    const file = await crm.gateway().uploadFile(CLAIM_PHOTO_FOLDER, photoFileName(other.photo), TINY_JPEG, 'PRIVATE');
    await db.claimPhoto.update({ where: { id: other.photo.id }, data: { hubspotFileId: file } });
    const earlierNote = await crm.gateway().noteOn({ type: 'tickets', id: await ticketHubspotId(other.ticketId) }, 'Photo from an earlier try', new Date(), [file]);
    hubspot.clearRequests();
    expect(await run(other.photo.id, 3)).toMatchObject({ outcome: 'attached', fileId: file, noteId: earlierNote });
    expect(noteCreates()).toEqual([]);
    expect(uploads()).toEqual([]);
    expect(notesCarrying(file)).toHaveLength(1);
  });

  it('deletes the photo of a ticket deleted in HubSpot, sending nothing', async () => {
    const { photo, ticketId } = await photoOfClaim();
    await db.ticket.update({ where: { id: ticketId }, data: { archivedAt: new Date() } });
    expect(await run(photo.id)).toEqual({ outcome: 'ticket-archived' });
    expect(await db.claimPhoto.count({ where: { id: photo.id } })).toBe(0);
    expect(hubspot.requests()).toEqual([]);
  });
});
