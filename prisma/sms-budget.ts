import { Prisma } from './generated/client';
import type { Db } from './client';

/**
 * The company's text budget (SMS_BUDGET_PER_HOUR / _PER_DAY, docs/login-security.md) guards
 * against texts strangers can make us send: login codes, the "request received" of a public
 * booking, staff invitations, and the texts of a conversation (anyone can text our number and
 * get the after-hours answer; staff replies count with them, docs/conversations.md). Texts about cleanings that staff changes in HubSpot call for
 * (confirmations, moves, reminders, answers, invoices) are not counted: a busy morning of
 * confirmations must not lock customers out of their login codes. A text never sent (canceled)
 * does not count.
 */
export const BUDGETED_PURPOSES = ['login_code', 'staff_invite', 'request_received', 'staff_reply', 'after_hours_reply'] as const;

/** The same rule as SQL, for statements written by hand (the booking statement). */
export const BUDGETED_TEXT_SQL = `purpose IN (${BUDGETED_PURPOSES.map((p) => `'${p}'`).join(', ')}) AND status <> 'canceled'`;

type Client = Db | Prisma.TransactionClient;

/** Budgeted texts written since `hourSince` and since `daySince`. */
export async function budgetedTexts(db: Client, since: { hourSince: Date; daySince: Date }): Promise<{ hour: number; day: number }> {
  const [row] = await db.$queryRaw<{ hour: bigint; day: bigint }[]>`
    SELECT count(*) FILTER (WHERE created_at > ${since.hourSince}) AS hour, count(*) AS day
    FROM sms_message WHERE created_at > ${since.daySince} AND ${Prisma.raw(BUDGETED_TEXT_SQL)}`;
  return { hour: Number(row?.hour ?? 0), day: Number(row?.day ?? 0) };
}

/** Whether a budgeted text may be written now: fewer than the budget's texts in the last hour and day. */
export async function budgetLeft(db: Client, budget: { perHour: number; perDay: number }, now: Date): Promise<boolean> {
  const sent = await budgetedTexts(db, { hourSince: new Date(now.getTime() - 3_600_000), daySince: new Date(now.getTime() - 86_400_000) });
  return sent.hour < budget.perHour && sent.day < budget.perDay;
}
