import type { Db } from '@app/db/client';
import type { HomeProfileFields, HomeSecretKind, HomeViewerRole } from '@app/shared/home-profile';
import type { Sealed } from './sealing';

/**
 * The home profile's rows. Every read and write of a customer's rows is scoped by the contact id,
 * so a customer only ever reaches their own. Only sealed values pass through here: the plain
 * value of a secret never reaches Prisma (whose errors quote the arguments of a failed call).
 */

export interface HomeProfileRow extends HomeProfileFields {
  updatedAt: Date;
}

export interface SecretSummaryRow {
  id: string;
  kind: HomeSecretKind;
  label: string;
  updatedAt: Date;
}

export interface SealedSecretRow extends Sealed {
  id: string;
  contactId: string;
  kind: HomeSecretKind;
  label: string;
}

export interface SecretViewRow {
  id: string;
  secretLabel: string;
  viewerRole: HomeViewerRole;
  viewerName: string | null;
  reason: string | null;
  at: Date;
}

/** How many views the portal and the staff page list (newest first). */
const VIEWS_LISTED = 200;

export async function contactExists(db: Db, contactId: string): Promise<boolean> {
  return (await db.contact.count({ where: { id: contactId } })) > 0;
}

export async function findHomeProfile(db: Db, contactId: string): Promise<{ profile: HomeProfileRow | null; secrets: SecretSummaryRow[]; views: SecretViewRow[] }> {
  const [profile, secrets, views] = await Promise.all([
    db.homeProfile.findUnique({
      where: { contactId },
      select: { accessInstructions: true, parking: true, pets: true, careNotes: true, updatedAt: true },
    }),
    db.homeSecret.findMany({ where: { contactId }, orderBy: { createdAt: 'asc' }, select: { id: true, kind: true, label: true, updatedAt: true } }),
    db.homeSecretView.findMany({
      where: { contactId },
      orderBy: { at: 'desc' },
      take: VIEWS_LISTED,
      select: { id: true, secretLabel: true, viewerRole: true, viewerName: true, reason: true, at: true },
    }),
  ]);
  return {
    profile,
    secrets: secrets as SecretSummaryRow[],
    views: views as SecretViewRow[],
  };
}

export async function saveHomeProfile(db: Db, contactId: string, fields: HomeProfileFields): Promise<HomeProfileRow> {
  return db.homeProfile.upsert({
    where: { contactId },
    create: { contactId, ...fields },
    update: fields,
    select: { accessInstructions: true, parking: true, pets: true, careNotes: true, updatedAt: true },
  });
}

/**
 * Adds a sealed secret (its id chosen by the caller: it is part of the sealed value's additional
 * data), unless the home already has `max` of them: false then. One transaction, the contact's
 * row locked, so two adds at once cannot pass the limit together.
 */
export async function insertSecret(
  db: Db,
  row: { id: string; contactId: string; kind: HomeSecretKind; label: string; sealed: Sealed },
  max: number,
): Promise<SecretSummaryRow | null> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM contact WHERE id = ${row.contactId} FOR UPDATE`;
    if ((await tx.homeSecret.count({ where: { contactId: row.contactId } })) >= max) return null;
    const created = await tx.homeSecret.create({
      data: { id: row.id, contactId: row.contactId, kind: row.kind, label: row.label, ...sealedColumns(row.sealed) },
      select: { id: true, kind: true, label: true, updatedAt: true },
    });
    return created as SecretSummaryRow;
  });
}

/** Replaces a secret of the contact (label, kind and a new sealed value); false when the contact has no such secret. */
export async function replaceSecret(db: Db, contactId: string, id: string, change: { kind: HomeSecretKind; label: string; sealed: Sealed }): Promise<boolean> {
  const { count } = await db.homeSecret.updateMany({
    where: { id, contactId },
    data: { kind: change.kind, label: change.label, ...sealedColumns(change.sealed) },
  });
  return count === 1;
}

/** Removes a secret of the contact (its views stay, with its label); false when there is none. */
export async function deleteSecret(db: Db, contactId: string, id: string): Promise<boolean> {
  const { count } = await db.homeSecret.deleteMany({ where: { id, contactId } });
  return count === 1;
}

const SEALED_SELECT = { id: true, contactId: true, kind: true, label: true, ciphertext: true, iv: true, authTag: true, keyId: true } as const;

/** A secret with its sealed value, only when it belongs to the contact. */
export async function findSealedSecret(db: Db, contactId: string, id: string): Promise<SealedSecretRow | null> {
  const row = await db.homeSecret.findFirst({ where: { id, contactId }, select: SEALED_SELECT });
  return row as SealedSecretRow | null;
}

export async function recordView(
  db: Db,
  view: { secretId: string; contactId: string; secretLabel: string; viewerEmail: string; viewerRole: HomeViewerRole; viewerName: string | null; reason: string | null; dealId: string | null; at: Date },
): Promise<void> {
  await db.homeSecretView.create({ data: view });
}

/** What the cleaner's reveal checks about a cleaning: whose it is, its stage and day, and the assigned cleaner. */
export interface RevealDealRow {
  id: string;
  contactId: string | null;
  stageId: string;
  scheduledAt: Date | null;
  archivedAt: Date | null;
  owner: { id: string; firstName: string | null; active: boolean } | null;
}

export async function findRevealDeal(db: Db, dealId: string): Promise<RevealDealRow | null> {
  return db.deal.findUnique({
    where: { id: dealId },
    select: { id: true, contactId: true, stageId: true, scheduledAt: true, archivedAt: true, owner: { select: { id: true, firstName: true, active: true } } },
  });
}

/** Rotation: the next batch (by id, after `after`) of secrets sealed under another key than `keyId`. */
export async function secretsNotUnder(db: Db, keyId: string, after: string | null, take: number): Promise<SealedSecretRow[]> {
  const rows = await db.homeSecret.findMany({
    where: { keyId: { not: keyId }, ...(after ? { id: { gt: after } } : {}) },
    orderBy: { id: 'asc' },
    take,
    select: SEALED_SELECT,
  });
  return rows as SealedSecretRow[];
}

/**
 * Rotation: stores a re-sealed value, only if the row still holds what was opened (same key and
 * nonce): a customer who replaced the code meanwhile keeps the new one. False when it changed.
 */
export async function storeResealed(db: Db, row: Pick<SealedSecretRow, 'id' | 'keyId' | 'iv'>, sealed: Sealed): Promise<boolean> {
  const { count } = await db.homeSecret.updateMany({
    where: { id: row.id, keyId: row.keyId, iv: Buffer.from(row.iv) },
    data: sealedColumns(sealed),
  });
  return count === 1;
}

function sealedColumns(sealed: Sealed) {
  return { ciphertext: Buffer.from(sealed.ciphertext), iv: Buffer.from(sealed.iv), authTag: Buffer.from(sealed.authTag), keyId: sealed.keyId };
}
