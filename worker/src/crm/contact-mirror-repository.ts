import type { Db } from '@app/db/client';
import { adoptCrmContact } from '@app/db/identity';

/**
 * HubSpot contacts in the mirror: the customers of the deals and change/cancel tickets we mirror
 * (docs/product.md §3), and every contact we already hold. The login phone, name and address
 * follow HubSpot, the record (docs/identity.md rule 1: adoptCrmContact). A contact HubSpot
 * holds without a deal or ticket of ours is not mirrored: it has asked us for nothing.
 */

export interface MirroredContact {
  hubspotId: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  leadStatus: string | null;
  lifecycleStage: string | null;
  /** HubSpot lists a contact's companies oldest association first; the first stands for them. */
  companyHubspotId: string | null;
  /** HubSpot's lastmodifieddate: an older copy than the one mirrored is skipped. */
  modifiedAt: Date;
}

/** What applying contacts did; `skipped`: new ones without a row of their own (see applyContacts). */
export interface ContactsApplied {
  created: number;
  updated: number;
  skipped: string[];
}

const blankToNull = (v: string | null) => (v && v.trim() !== '' ? v.trim() : null);

/** Of `hubspotIds`, those no contact row holds yet. */
export async function contactsNotMirrored(db: Db, hubspotIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(hubspotIds)];
  if (ids.length === 0) return [];
  const rows = await db.contact.findMany({ where: { hubspotId: { in: ids } }, select: { hubspotId: true } });
  const held = new Set(rows.map((r) => r.hubspotId));
  return ids.filter((id) => !held.has(id));
}

/**
 * The row of a HubSpot contact: the one linked to it; else (`create`) the unlinked one with its
 * e-mail, which it links as the push would (our form made it, HubSpot knew the person), or a new
 * row. None when HubSpot holds no e-mail (the e-mail is the login key) or another HubSpot
 * contact's row holds the e-mail.
 */
async function rowOf(db: Db, c: MirroredContact, create: boolean): Promise<{ id: string; hubspotUpdatedAt: Date | null; isNew: boolean } | null> {
  const select = { id: true, hubspotId: true, hubspotUpdatedAt: true } as const;
  const linked = await db.contact.findUnique({ where: { hubspotId: c.hubspotId }, select });
  if (linked) return { ...linked, isNew: false };
  const email = blankToNull(c.email)?.toLowerCase();
  if (!create || !email) return null;
  const byEmail = await db.contact.findUnique({ where: { email }, select });
  if (byEmail) {
    if (byEmail.hubspotId !== null) return null;
    const { count } = await db.contact.updateMany({ where: { id: byEmail.id, hubspotId: null }, data: { hubspotId: c.hubspotId, crmSyncedAt: new Date() } });
    return count === 1 ? { ...byEmail, isNew: false } : rowOf(db, c, false);
  }
  // A pull, a push or an invite at once may create the same person: theirs stands, found again.
  await db.contact.createMany({ data: [{ email, hubspotId: c.hubspotId, crmSyncedAt: new Date() }], skipDuplicates: true });
  const made = await db.contact.findUnique({ where: { hubspotId: c.hubspotId }, select });
  return made ? { ...made, isNew: true } : null;
}

/**
 * Applies HubSpot's contacts to the mirror, each unless its row already holds that version or a
 * newer one: phone and name through adoptCrmContact (a changed login phone ends the contact's
 * portal sessions), the address where HubSpot holds one, the lead status, lifecycle stage and
 * company. With `create`, contacts without a row get one (see rowOf); without, only contacts
 * we hold are touched. The e-mail of a row is never changed: it is the login key.
 */
export async function applyContacts(db: Db, contacts: readonly MirroredContact[], { create }: { create: boolean }): Promise<ContactsApplied> {
  const applied: ContactsApplied = { created: 0, updated: 0, skipped: [] };
  for (const c of contacts) {
    const row = await rowOf(db, c, create);
    if (!row) {
      if (create) applied.skipped.push(c.hubspotId);
      continue;
    }
    if (row.hubspotUpdatedAt !== null && row.hubspotUpdatedAt >= c.modifiedAt) continue;
    const address = { street: blankToNull(c.street), city: blankToNull(c.city), state: blankToNull(c.state)?.toUpperCase() ?? null, zip: blankToNull(c.zip) };
    const written = await db.$transaction(async (tx) => {
      // Conditional: a pull at once with an older copy never takes the row back in time.
      const { count } = await tx.contact.updateMany({
        where: { id: row.id, OR: [{ hubspotUpdatedAt: null }, { hubspotUpdatedAt: { lt: c.modifiedAt } }] },
        data: {
          ...Object.fromEntries(Object.entries(address).filter(([, v]) => v !== null)),
          leadStatus: c.leadStatus,
          lifecycleStage: c.lifecycleStage,
          companyHubspotId: c.companyHubspotId,
          hubspotUpdatedAt: c.modifiedAt,
        },
      });
      if (count === 0) return false;
      await adoptCrmContact(tx, row.id, { phone: c.phone, firstName: c.firstName, lastName: c.lastName });
      return true;
    });
    if (written) applied[row.isNew ? 'created' : 'updated']++;
  }
  return applied;
}
