import { Prisma, type Db } from '@app/db/client';
import { contactIdForPhoneSql } from '@app/db/conversations';
import type { SmsPurpose } from '@app/db/generated/client';

/**
 * The texts to log on HubSpot timelines (docs/conversations.md#hubspot): inbound_text (texts
 * customers sent us) and sms_message (texts we sent), each row with its HubSpot log state.
 *
 * - `hubspot_log_due_at`: set with the text's outbox event; cleared once it is logged (its
 *   communication's id recorded) or skipped.
 * - `hubspot_log_claimed_at`: when a job last took the text. For LOG_CLAIM_LEASE_MS no other job
 *   takes it (two jobs never create its communication at once). Once set it also says that a
 *   create may have reached HubSpot, so the next job looks for the communication first. A job
 *   that fails moves its claims back past the lease (the next one may take them at once) or, when
 *   nothing was sent, back to what they were.
 * - `hubspot_log_error`: HubSpot refused it for a reason retrying cannot fix; only its own job
 *   tries it again (and fails with the reason), other jobs leave it out of their batches.
 *
 * SQL by hand for the row locks of a claim (FOR UPDATE SKIP LOCKED) and for resolving many texts'
 * contacts and deals in one statement (docs/decisions/raw-sql.md).
 */

/** How long a job holds the texts it claimed: far beyond a batch's few requests of at most 15 s each. */
export const LOG_CLAIM_LEASE_MS = 5 * 60_000;

export type TextKind = 'received' | 'sent';

export interface TextRef {
  kind: TextKind;
  id: string;
}

/** One key per text, across both tables (also the create's trace id). */
export const textKey = (ref: TextRef): string => `${ref.kind}:${ref.id}`;

export interface TextToLog extends TextRef {
  /** When it arrived, or when Twilio took it (null for a text never sent). */
  at: Date | null;
  words: string | null;
  purpose: SmsPurpose | null;
  staffEmail: string | null;
  /** The customer it is logged on: an inbound text's, or for a text we sent its deal's, else the phone's. */
  contactId: string | null;
  contactHubspotId: string | null;
  /** The deal a text we sent is about, when HubSpot has it (not deleted there). */
  dealHubspotId: string | null;
  /** The deal it is about is still on its way to HubSpot (its push neither done nor refused). */
  dealWaiting: boolean;
  /** A staff reply's writer as an active HubSpot owner (matched by e-mail). */
  ownerHubspotId: string | null;
  communicationId: string | null;
  dueAt: Date | null;
  claimedAt: Date | null;
  error: string | null;
}

const RECEIVED = Prisma.sql`
  SELECT 'received' AS kind, t.id, t.received_at AS at, t.body AS words, NULL::text AS purpose, NULL::text AS "staffEmail",
         c.id AS "contactId", c.hubspot_id AS "contactHubspotId", NULL::text AS "dealHubspotId", false AS "dealWaiting",
         NULL::text AS "ownerHubspotId", t.hubspot_communication_id AS "communicationId", t.hubspot_log_due_at AS "dueAt",
         t.hubspot_log_claimed_at AS "claimedAt", t.hubspot_log_error AS error
  FROM inbound_text t
  LEFT JOIN contact c ON c.id = t.contact_id`;

const DEAL_WAITING = Prisma.sql`(d.id IS NOT NULL AND d.hubspot_id IS NULL AND d.crm_push_failed_at IS NULL)`;

const SENT = Prisma.sql`
  SELECT 'sent' AS kind, t.id, t.sent_at AS at, t.body AS words, t.purpose::text AS purpose, t.staff_email AS "staffEmail",
         c.id AS "contactId", c.hubspot_id AS "contactHubspotId",
         CASE WHEN d.archived_at IS NULL THEN d.hubspot_id END AS "dealHubspotId", ${DEAL_WAITING} AS "dealWaiting",
         (SELECT o.hubspot_id FROM owner o WHERE o.active AND lower(o.email) = lower(t.staff_email) ORDER BY o.id LIMIT 1) AS "ownerHubspotId",
         t.hubspot_communication_id AS "communicationId", t.hubspot_log_due_at AS "dueAt",
         t.hubspot_log_claimed_at AS "claimedAt", t.hubspot_log_error AS error
  FROM sms_message t
  LEFT JOIN deal d ON d.id = t.deal_id
  LEFT JOIN contact c ON c.id = COALESCE(d.contact_id, ${contactIdForPhoneSql(Prisma.sql`t.to_phone`)})`;

const SELECT_OF: Record<TextKind, Prisma.Sql> = { received: RECEIVED, sent: SENT };
const TABLE_OF: Record<TextKind, Prisma.Sql> = { received: Prisma.sql`inbound_text`, sent: Prisma.sql`sms_message` };
/** What a text other than the job's own needs to ride in its batch: words, and its contact (and deal) in HubSpot. */
const READY_OF: Record<TextKind, Prisma.Sql> = {
  received: Prisma.sql`c.hubspot_id IS NOT NULL`,
  sent: Prisma.sql`c.hubspot_id IS NOT NULL AND t.body IS NOT NULL AND t.sent_at IS NOT NULL AND NOT ${DEAL_WAITING}`,
};

export async function loadText(db: Db, ref: TextRef): Promise<TextToLog | null> {
  const [row] = await db.$queryRaw<TextToLog[]>`${SELECT_OF[ref.kind]} WHERE t.id = ${ref.id}`;
  return row ?? null;
}

export interface ClaimedText extends TextToLog {
  /** Its claim before this one: set, a create may have reached HubSpot before. */
  earlierClaim: Date | null;
}

export type Claim = { state: 'done' } | { state: 'held' } | { state: 'claimed'; texts: ClaimedText[] };

/**
 * Claims the job's own text (`done`: logged or skipped meanwhile; `held`: another job holds it)
 * and up to `limit - 1` other texts due and ready to log, oldest first, skipping those another
 * transaction is claiming and those HubSpot refused for good.
 */
export async function claimTexts(db: Db, own: TextRef, limit: number, now: Date): Promise<Claim> {
  const expired = new Date(now.getTime() - LOG_CLAIM_LEASE_MS);
  return db.$transaction(async (tx) => {
    const [mine] = await tx.$queryRaw<TextToLog[]>`${SELECT_OF[own.kind]} WHERE t.id = ${own.id} FOR UPDATE OF t`;
    if (!mine || mine.dueAt === null || mine.communicationId !== null) return { state: 'done' as const };
    if (mine.claimedAt && mine.claimedAt.getTime() > expired.getTime()) return { state: 'held' as const };
    const others: TextToLog[] = [];
    for (const kind of ['received', 'sent'] as const) {
      others.push(
        ...(await tx.$queryRaw<TextToLog[]>`
          ${SELECT_OF[kind]}
          WHERE t.hubspot_log_due_at IS NOT NULL AND t.hubspot_communication_id IS NULL AND t.hubspot_log_error IS NULL
            AND (t.hubspot_log_claimed_at IS NULL OR t.hubspot_log_claimed_at < ${expired})
            AND t.id <> ${own.id} AND ${READY_OF[kind]}
          ORDER BY t.hubspot_log_due_at, t.id
          LIMIT ${limit - 1}
          FOR UPDATE OF t SKIP LOCKED`),
      );
    }
    others.sort((a, b) => a.dueAt!.getTime() - b.dueAt!.getTime());
    const texts = [mine, ...others.slice(0, limit - 1)];
    for (const kind of ['received', 'sent'] as const) {
      const ids = texts.filter((t) => t.kind === kind).map((t) => t.id);
      if (ids.length > 0) await tx.$executeRaw`UPDATE ${TABLE_OF[kind]} SET hubspot_log_claimed_at = ${now} WHERE id = ANY(${ids}::text[])`;
    }
    return { state: 'claimed' as const, texts: texts.map((t) => ({ ...t, earlierClaim: t.claimedAt, claimedAt: now })) };
  });
}

/** Records each text's communication: logged, no longer due. */
export async function saveLogged(db: Db, logged: readonly { ref: TextRef; communicationId: string }[]): Promise<void> {
  if (logged.length === 0) return;
  await db.$transaction(async (tx) => {
    for (const { ref, communicationId } of logged) {
      const data = { hubspotCommunicationId: communicationId, hubspotLogDueAt: null, hubspotLogError: null };
      if (ref.kind === 'received') await tx.inboundText.update({ where: { id: ref.id }, data });
      else await tx.smsMessage.update({ where: { id: ref.id }, data });
    }
  });
}

/** Sets texts' claims (moved back past the lease, or back to what they were): another job may take them at once. */
export async function releaseClaims(db: Db, claims: readonly { ref: TextRef; claimedAt: Date | null }[]): Promise<void> {
  if (claims.length === 0) return;
  await db.$transaction(async (tx) => {
    for (const { ref, claimedAt } of claims) {
      const data = { hubspotLogClaimedAt: claimedAt };
      if (ref.kind === 'received') await tx.inboundText.updateMany({ where: { id: ref.id, hubspotCommunicationId: null }, data });
      else await tx.smsMessage.updateMany({ where: { id: ref.id, hubspotCommunicationId: null }, data });
    }
  });
}

/** HubSpot refused the text for good (and so created nothing): the reason is kept, the claim cleared. */
export async function recordLogRefused(db: Db, ref: TextRef, reason: string): Promise<void> {
  const data = { hubspotLogError: reason.slice(0, 1_000), hubspotLogClaimedAt: null };
  if (ref.kind === 'received') await db.inboundText.updateMany({ where: { id: ref.id }, data });
  else await db.smsMessage.updateMany({ where: { id: ref.id }, data });
}

/** The text will not be logged (no customer to log it on, or no words): no longer due. */
export async function skipText(db: Db, ref: TextRef): Promise<void> {
  const data = { hubspotLogDueAt: null };
  if (ref.kind === 'received') await db.inboundText.updateMany({ where: { id: ref.id }, data });
  else await db.smsMessage.updateMany({ where: { id: ref.id }, data });
}

/** Which of these communications are already some text's record. */
export async function recordedCommunications(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const where = { hubspotCommunicationId: { in: [...ids] } };
  const select = { hubspotCommunicationId: true } as const;
  const [received, sent] = await Promise.all([db.inboundText.findMany({ where, select }), db.smsMessage.findMany({ where, select })]);
  return new Set([...received, ...sent].map((r) => r.hubspotCommunicationId!));
}
