import type { HubSpotGateway, NoteTarget } from './hubspot-gateway';

/**
 * A photo's way into HubSpot, whoever took it (a cleaner's of a cleaning, docs/cleaner-day.md#photos,
 * or a customer's of a re-clean claim, docs/staff-actions.md#answering-a-re-clean-claim): a
 * PRIVATE file in the file manager, then a note on a record (a deal, a ticket) with the file
 * attached (`hs_attachment_ids`).
 *
 * Idempotent under retries and lost answers, each step recorded by the caller as it is done: the
 * file is looked for by its unique name before it is uploaded, and the note among the record's
 * notes (their associations, which do not wait for a search index, then a batch read) by the
 * file it carries, before one is made. A retry never uploads twice nor makes a second note.
 */

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** `<photo id>.<ext>`: unique, so the file can be found again after a lost answer. */
export const photoFileName = (photo: { id: string; contentType: string }) => `${photo.id}.${EXTENSIONS[photo.contentType] ?? 'jpg'}`;

/** A photo row as the steps need it (never logged: it holds the bytes). */
export interface PhotoToSend {
  id: string;
  contentType: string;
  /** The stripped image; null once HubSpot has the file. */
  bytes: Uint8Array | null;
  /** What an earlier try recorded. */
  hubspotFileId: string | null;
  hubspotNoteId: string | null;
}

/** Where the photo goes and how its steps are recorded. */
export interface PhotoDestination {
  /** The file manager folder, e.g. `/cleaning-photos`. */
  folder: string;
  /** The record the note is made on. */
  record: NoteTarget;
  /** The note's words and time, asked for only when a note is to be made. */
  note: () => Promise<{ body: string; at: Date }>;
  /** Keeps the file's id, once found or uploaded, before the note is looked for. */
  saveFileId: (fileId: string) => Promise<void>;
}

/** Sends the photo's file, then its note on the record, each only when not done yet: the ids of both. */
export async function sendPhotoToRecord(hubspot: HubSpotGateway, photo: PhotoToSend, to: PhotoDestination): Promise<{ fileId: string; noteId: string }> {
  const fileId = photo.hubspotFileId ?? (await fileOf(hubspot, photo, to));
  const noteId = photo.hubspotNoteId ?? (await noteOf(hubspot, to, fileId));
  return { fileId, noteId };
}

/** The photo's file in HubSpot: found by its name (an earlier try's upload), else uploaded. */
async function fileOf(hubspot: HubSpotGateway, photo: PhotoToSend, to: PhotoDestination): Promise<string> {
  const name = photoFileName(photo);
  let fileId = await hubspot.findFile(to.folder, name);
  if (!fileId) {
    if (!photo.bytes) throw new Error(`photo ${photo.id} has neither its bytes nor a file in HubSpot`);
    fileId = await hubspot.uploadFile(to.folder, name, Buffer.from(photo.bytes), 'PRIVATE');
  }
  await to.saveFileId(fileId);
  return fileId;
}

/** The note attaching the file: one of the record's notes that carries it (an earlier try's), else a new one. */
async function noteOf(hubspot: HubSpotGateway, to: PhotoDestination, fileId: string): Promise<string> {
  const { type, id } = to.record;
  const onRecord = (await hubspot.associatedIds(type, 'notes', [id])).get(id) ?? [];
  if (onRecord.length > 0) {
    const notes = await hubspot.readBatch('notes', onRecord, ['hs_attachment_ids']);
    const existing = notes.find((n) => (n.properties.hs_attachment_ids ?? '').split(';').includes(fileId));
    if (existing) return existing.id;
  }
  const note = await to.note();
  return hubspot.noteOn(to.record, note.body, note.at, [fileId]);
}
