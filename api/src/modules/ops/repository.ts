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
