import type { Db } from './client';
import type { Prisma, SmsOptOutSource } from './generated/client';

/**
 * Phones that asked for no more texts (the sms_opt_out table): written by the api when a STOP
 * reply comes in and by the worker when Twilio refuses a send with 21610; read before any text
 * is written or sent.
 */

type Client = Db | Prisma.TransactionClient;

export interface OptOut {
  source: SmsOptOutSource;
  keyword: string | null;
  optedOutAt: Date;
}

export async function findOptOut(db: Client, phone: string): Promise<OptOut | null> {
  return db.smsOptOut.findUnique({ where: { phone }, select: { source: true, keyword: true, optedOutAt: true } });
}

/** Records that `phone` opted out; an earlier opt-out keeps its date. */
export async function recordOptOut(db: Client, phone: string, how: { source: SmsOptOutSource; keyword?: string | null }, at: Date): Promise<void> {
  await db.smsOptOut.upsert({
    where: { phone },
    create: { phone, source: how.source, keyword: how.keyword ?? null, optedOutAt: at },
    update: {},
  });
}

/** `phone` opted back in (START): texts may go to it again. True when it had opted out. */
export async function removeOptOut(db: Client, phone: string): Promise<boolean> {
  const { count } = await db.smsOptOut.deleteMany({ where: { phone } });
  return count > 0;
}
