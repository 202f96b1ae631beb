import type { Db } from '@app/db/client';
import { budgetedTexts } from '@app/db/sms-budget';

export interface SmsCount {
  purpose: string;
  status: string;
  count: number;
}

/** Text messages kept (see the housekeeping retention) by purpose and delivery status. */
export async function smsMessageCounts(db: Db): Promise<SmsCount[]> {
  const groups = await db.smsMessage.groupBy({ by: ['purpose', 'status'], _count: { _all: true } });
  return groups.map((g) => ({ purpose: g.purpose, status: g.status, count: g._count._all }));
}

/** Phones that opted out of texts, by how (a STOP reply, or Twilio's 21610). */
export async function smsOptOutCounts(db: Db): Promise<{ keyword: number; provider: number }> {
  const groups = await db.smsOptOut.groupBy({ by: ['source'], _count: { _all: true } });
  const of = (source: string) => groups.find((g) => g.source === source)?._count._all ?? 0;
  return { keyword: of('keyword'), provider: of('provider') };
}

/** Phones held back from texts but login codes, by the error that held them (30006, 30007). */
export async function smsHeldCounts(db: Db): Promise<Array<{ errorCode: number; count: number }>> {
  const groups = await db.smsDeliveryHold.groupBy({ by: ['errorCode'], _count: { _all: true } });
  return groups.map((g) => ({ errorCode: g.errorCode, count: g._count._all }));
}

/**
 * Texts that ended failed or undelivered (when that was recorded) in the last hour and the last
 * day, by Twilio's error code: a create Twilio refused (21608, ...) or a delivery report (30034, ...).
 */
export async function smsFailuresByCode(db: Db, now: Date): Promise<Array<{ errorCode: number | null; hour: number; day: number }>> {
  const hourSince = new Date(now.getTime() - 3_600_000);
  const daySince = new Date(now.getTime() - 86_400_000);
  return db.$queryRaw<Array<{ errorCode: number | null; hour: number; day: number }>>`
    SELECT error_code AS "errorCode",
           (count(*) FILTER (WHERE status_updated_at > ${hourSince}))::int AS hour,
           count(*)::int AS day
    FROM sms_message
    WHERE status IN ('failed'::sms_status, 'undelivered'::sms_status) AND status_updated_at > ${daySince}
    GROUP BY error_code`;
}

export interface MirrorFigures {
  /** Deals and tickets the CRM sweep archived (deleted in HubSpot), by table. */
  archived: { deal: number; ticket: number };
  /** Owners HubSpot lists as archived (deactivated users). */
  inactiveOwners: number;
}

export async function mirrorFigures(db: Db): Promise<MirrorFigures> {
  const [deal, ticket, inactiveOwners] = await Promise.all([
    db.deal.count({ where: { archivedAt: { not: null } } }),
    db.ticket.count({ where: { archivedAt: { not: null } } }),
    db.owner.count({ where: { active: false } }),
  ]);
  return { archived: { deal, ticket }, inactiveOwners };
}

/** The texts the company's text budget counts, in the last hour and the last day (@app/db/sms-budget). */
export function textsSentRecently(db: Db, now: Date): Promise<{ hour: number; day: number }> {
  return budgetedTexts(db, { hourSince: new Date(now.getTime() - 3_600_000), daySince: new Date(now.getTime() - 86_400_000) });
}

export interface CrmAccountStatusView {
  ready: boolean;
  problems: string[];
  checkedAt: Date;
}

/** The worker's last HubSpot account check as the api shows it (null before any worker or crm:setup ran). */
export async function readAccountStatus(db: Db): Promise<CrmAccountStatusView | null> {
  const row = await db.crmAccountStatus.findUnique({ where: { id: 1 }, select: { ready: true, problems: true, checkedAt: true } });
  return row ? { ready: row.ready, problems: (row.problems as string[] | null) ?? [], checkedAt: row.checkedAt } : null;
}

/** Bookings HubSpot refused for a reason retrying cannot fix (their jobs sit in the failed set with it). */
export async function countRefusedBookings(db: Db): Promise<number> {
  return db.deal.count({ where: { crmSyncedAt: null, crmPushFailedAt: { not: null } } });
}
