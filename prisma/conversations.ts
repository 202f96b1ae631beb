import { Prisma } from './generated/client';
import type { Db } from './client';

/**
 * Conversations by text (docs/conversations.md): the inbound_text table with the staff replies of
 * sms_message. Written by the api's Twilio webhook and staff routes, read by the staff pages and by
 * the worker before a reply goes out.
 */

type Client = Db | Prisma.TransactionClient;

export interface PhoneContact {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

const phoneContactSelect = { id: true, firstName: true, lastName: true, email: true } as const;

/**
 * The customer a phone belongs to. Contacts may share a phone (a couple, a landlord and a
 * tenant): it goes to the one the office or the customer changed last, then the oldest id, so the
 * answer is the same everywhere.
 */
export async function contactForPhone(db: Client, phone: string): Promise<PhoneContact | null> {
  return db.contact.findFirst({ where: { phone }, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], select: phoneContactSelect });
}

/**
 * contactForPhone as a SQL subquery (the contact's id) over a phone column of the outer query,
 * for statements that resolve many rows at once (the worker's HubSpot log of texts).
 */
export function contactIdForPhoneSql(phoneColumn: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT p.id FROM contact p WHERE p.phone = ${phoneColumn} ORDER BY p.updated_at DESC, p.id LIMIT 1)`;
}

/** contactForPhone for many phones at once. */
export async function contactsForPhones(db: Client, phones: readonly string[]): Promise<Map<string, PhoneContact>> {
  if (phones.length === 0) return new Map();
  const rows = await db.$queryRaw<(PhoneContact & { phone: string })[]>`
    SELECT DISTINCT ON (phone) phone, id, first_name AS "firstName", last_name AS "lastName", email
    FROM contact WHERE phone = ANY(${[...phones]}::text[])
    ORDER BY phone, updated_at DESC, id`;
  return new Map(rows.map(({ phone, ...contact }) => [phone, contact]));
}

/**
 * A staff reply that answers the customer: any not known to have missed them. One that was never
 * sent, or failed, leaves the conversation waiting: the customer still has no answer.
 */
const ANSWERED_BY = `m.purpose = 'staff_reply' AND m.status NOT IN ('canceled', 'failed', 'undelivered')`;

export interface WaitingRow {
  phone: string;
  /** The oldest text still unanswered. */
  since: Date;
  texts: number;
  /** The newest unanswered text's words. */
  latest: string;
}

/**
 * Conversations waiting for an answer, oldest first: phones whose texts (not STOP, START or HELP)
 * came after the last staff reply that reached them and were not marked "no reply needed". With
 * `phone`, that phone's only.
 */
export async function findWaiting(db: Client, options: { phone?: string; limit: number }): Promise<{ count: number; rows: WaitingRow[] }> {
  const phone = options.phone ?? null;
  const rows = await db.$queryRaw<(WaitingRow & { total: number })[]>`
    WITH pending AS (
      SELECT t.from_phone, t.received_at, t.body
      FROM inbound_text t
      WHERE t.handled_at IS NULL AND t.keyword IS NULL
        AND (${phone}::text IS NULL OR t.from_phone = ${phone})
        AND t.received_at > COALESCE((
          SELECT max(m.created_at) FROM sms_message m WHERE m.to_phone = t.from_phone AND ${Prisma.raw(ANSWERED_BY)}
        ), '-infinity'::timestamptz)
    ), grouped AS (
      SELECT from_phone AS phone, min(received_at) AS since, count(*)::int AS texts,
             (array_agg(body ORDER BY received_at DESC))[1] AS latest
      FROM pending GROUP BY from_phone
    )
    SELECT phone, since, texts, latest, (count(*) OVER ())::int AS total
    FROM grouped ORDER BY since, phone LIMIT ${options.limit}`;
  return { count: rows[0]?.total ?? 0, rows: rows.map(({ total: _total, ...row }) => row) };
}

/** Marks the phone's texts up to `through` as needing no reply. How many it marked. */
export async function markHandled(db: Client, phone: string, through: Date, by: string, at: Date): Promise<number> {
  const { count } = await db.inboundText.updateMany({
    where: { fromPhone: phone, handledAt: null, receivedAt: { lte: through } },
    data: { handledAt: at, handledBy: by },
  });
  return count;
}

/** Whether the phone texted us after `since` (words, not a keyword): a reply to it answers the customer. */
export async function textedUsSince(db: Client, phone: string, since: Date): Promise<boolean> {
  return (await db.inboundText.count({ where: { fromPhone: phone, keyword: null, receivedAt: { gt: since } } })) > 0;
}

/** When the phone last texted us (anything), or null. */
export async function lastTextFrom(db: Client, phone: string): Promise<Date | null> {
  return (await db.inboundText.findFirst({ where: { fromPhone: phone }, orderBy: { receivedAt: 'desc' }, select: { receivedAt: true } }))?.receivedAt ?? null;
}
