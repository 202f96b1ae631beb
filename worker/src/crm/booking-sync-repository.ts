import { BOOKING_DEAL_SELECT } from '@app/db/booking-fields';
import { sqlPool, type Db, type DbTransaction, type Prisma } from '@app/db/client';
import { adoptCrmContact, type CrmContactValues } from '@app/db/identity';
import type { InputFailure } from './batch-outcome';

/** The contact of a booking to push, as its first submission made it. */
const contactSelect = {
  id: true,
  email: true,
  /** The login phone (docs/identity.md). */
  phone: true,
  firstName: true,
  lastName: true,
  street: true,
  city: true,
  state: true,
  zip: true,
  squareFootage: true,
  hubspotId: true,
} as const;

/**
 * What the push reads of a deal: every stored booking field (prisma/booking-fields.ts, so a new
 * one reaches the push without an edit here), what the form said about the person
 * (docs/identity.md; null for portal deals), and the deal's sync state.
 */
const pushSelect = {
  ...BOOKING_DEAL_SELECT,
  id: true,
  hubspotId: true,
  source: true,
  submittedName: true,
  submittedPhone: true,
  portalConfirmedAt: true,
  contact: { select: contactSelect },
  // A recurring plan's visit arrives scheduled (docs/recurring-plans.md): its start, length and
  // cleaner go with the deal's create, and its plan and occurrence.
  scheduledAt: true,
  durationMinutes: true,
  owner: { select: { hubspotId: true } },
  planId: true,
  planOccurrence: true,
} as const;
type PushRow = Prisma.DealGetPayload<{ select: typeof pushSelect }>;

export type BookingToPush = Omit<PushRow, 'id' | 'hubspotId' | 'contact'> & {
  dealId: string;
  dealHubspotId: string | null;
  contact: NonNullable<PushRow['contact']>;
};

/** A contact the push linked to its HubSpot record; `crm`: the values HubSpot already held (null: we created it). */
export interface ContactLink {
  hubspotId: string;
  crm: CrmContactValues | null;
}

export interface PushBatch {
  bookings: readonly BookingToPush[];
  /**
   * Links contacts (our id → link) to their HubSpot records; a contact HubSpot already had takes
   * its phone and name (the CRM is the record). Returns each linked contact's login phone.
   */
  linkContacts(links: ReadonlyMap<string, ContactLink>): Promise<Map<string, string | null>>;
  saveDealHubspotIds(ids: ReadonlyMap<string, string>): Promise<void>;
}

/** Deal id → why HubSpot did not take that booking (the rest of the batch was pushed). */
export type PushFailures = ReadonlyMap<string, InputFailure>;

export type PushOutcome =
  | { outcome: 'pushed'; pushed: number; failures: PushFailures }
  | { outcome: 'already-synced' | 'missing' };

/**
 * Locks the job's own deal (waiting if another job holds it) and up to `limit - 1` other
 * deals not yet in HubSpot (skipping locked ones, and ones HubSpot refused for good), runs
 * `work` on them, and marks synced every deal `work` does not report as failed. A failed deal
 * keeps its reason in `crm_last_error` (and `crm_push_failed_at` when retrying cannot fix it)
 * and stays due for its own job. The lock lives as long as the transaction, so two jobs never
 * push the same deal at once; if `work` throws, nothing is marked and the deals stay due.
 *
 * Most jobs find their deal pushed already, in an earlier job's batch (99 of every 100 after a
 * backlog): one prepared statement on the pool under Prisma answers them, before any transaction
 * (a synced deal never becomes unsynced). A batch writes its HubSpot ids in one statement per
 * table, not one per row (docs/decisions/raw-sql.md, 3): after an outage the drain runs one batch
 * after another (the next jobs wait for the lock on their deals), so each batch's own database
 * time is on its path. With a statement per row, and a transaction for every job that found its
 * deal pushed, bench:intake's drain cost the worker about three times the CPU.
 */
export async function withPushBatch(db: Db, ownDealId: string, limit: number, work: (batch: PushBatch) => Promise<PushFailures>): Promise<PushOutcome> {
  const { rows: [before] } = await sqlPool(db).query<{ synced: boolean }>({
    name: 'push-own-deal-synced',
    text: 'SELECT crm_synced_at IS NOT NULL AS synced FROM deal WHERE id = $1',
    values: [ownDealId],
  });
  if (!before) return { outcome: 'missing' };
  if (before.synced) return { outcome: 'already-synced' };
  return db.$transaction(
    async (tx) => {
      const [own] = await tx.$queryRaw<{ synced: boolean }[]>`
        SELECT crm_synced_at IS NOT NULL AS synced FROM deal WHERE id = ${ownDealId} FOR UPDATE`;
      if (!own) return { outcome: 'missing' };
      if (own.synced) return { outcome: 'already-synced' };
      const others = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM deal
        WHERE crm_synced_at IS NULL AND crm_push_failed_at IS NULL AND source <> 'hubspot' AND id <> ${ownDealId}
        ORDER BY created_at
        LIMIT ${limit - 1}
        FOR UPDATE SKIP LOCKED`;
      const ids = [ownDealId, ...others.map((o) => o.id)];
      const bookings = await loadBookings(tx, ids);
      const failures = await work({
        bookings,
        linkContacts: async (links) => {
          const phones = new Map<string, string | null>();
          if (links.size === 0) return phones;
          const at = new Date();
          const linked = await tx.$queryRaw<{ id: string; phone: string | null }[]>`
            UPDATE contact SET hubspot_id = v.hubspot_id, crm_synced_at = ${at}, updated_at = ${at}
            FROM unnest(${[...links.keys()]}::text[], ${[...links.values()].map((l) => l.hubspotId)}::text[]) AS v(id, hubspot_id)
            WHERE contact.id = v.id
            RETURNING contact.id, contact.phone`;
          for (const row of linked) phones.set(row.id, row.phone);
          // A contact HubSpot already had takes its phone and name (rare: one statement each).
          for (const [contactId, link] of links) if (link.crm) phones.set(contactId, (await adoptCrmContact(tx, contactId, link.crm)).phone);
          return phones;
        },
        saveDealHubspotIds: async (map) => {
          if (map.size === 0) return;
          await tx.$executeRaw`
            UPDATE deal SET hubspot_id = v.hubspot_id, updated_at = ${new Date()}
            FROM unnest(${[...map.keys()]}::text[], ${[...map.values()]}::text[]) AS v(id, hubspot_id)
            WHERE deal.id = v.id`;
        },
      });
      const now = new Date();
      const pushed = ids.filter((id) => !failures.has(id));
      await tx.deal.updateMany({ where: { id: { in: pushed } }, data: { crmSyncedAt: now, crmLastError: null, crmPushFailedAt: null } });
      for (const [id, failure] of failures) {
        await tx.deal.update({ where: { id }, data: { crmLastError: failure.message.slice(0, 1000), crmPushFailedAt: failure.permanent ? now : null } });
      }
      return { outcome: 'pushed', pushed: pushed.length, failures };
    },
    // HubSpot calls happen inside; a batch of 100 takes a handful of requests.
    { timeout: 120_000, maxWait: 30_000 },
  );
}

async function loadBookings(tx: DbTransaction, ids: readonly string[]): Promise<BookingToPush[]> {
  const deals = await tx.deal.findMany({
    where: { id: { in: [...ids] }, contactId: { not: null } },
    select: pushSelect,
    orderBy: { createdAt: 'asc' },
  });
  return deals.flatMap(({ id, hubspotId, contact, ...fields }) => (contact ? [{ ...fields, dealId: id, dealHubspotId: hubspotId, contact }] : []));
}
