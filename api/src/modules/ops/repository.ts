import type { Db } from '@app/db/client';

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

/** Texts of any kind written in the last hour and the last day: what the company's text budget counts. */
export async function textsSentRecently(db: Db, now: Date): Promise<{ hour: number; day: number }> {
  const [row] = await db.$queryRaw<{ hour: bigint; day: bigint }[]>`
    SELECT count(*) FILTER (WHERE created_at > ${new Date(now.getTime() - 3_600_000)}) AS hour, count(*) AS day
    FROM sms_message WHERE created_at > ${new Date(now.getTime() - 86_400_000)}`;
  return { hour: Number(row?.hour ?? 0), day: Number(row?.day ?? 0) };
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
