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
