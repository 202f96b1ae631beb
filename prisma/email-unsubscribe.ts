import type { Db } from './client';
import type { Prisma } from './generated/client';

/**
 * The customer's own choice about reminders and rating requests by e-mail (the
 * email_suppression table's unsubscribed_at, docs/email.md#unsubscribe): written by the e-mails'
 * one-click link and by the portal's "How we reach you". The provider's reports (bounces,
 * complaints) and their lifting are in email-suppression.ts. Addresses are lower-cased, as the
 * table keys them.
 */

type Client = Db | Prisma.TransactionClient;

const normalise = (address: string) => address.trim().toLowerCase();

/** Stops reminders and rating requests to the address. Idempotent: a second unsubscribe keeps the first time. */
export async function unsubscribeEmail(db: Client, address: string, at: Date): Promise<void> {
  const key = normalise(address);
  await db.emailSuppression.upsert({ where: { address: key }, create: { address: key, unsubscribedAt: at }, update: {} });
  await db.emailSuppression.updateMany({ where: { address: key, unsubscribedAt: null }, data: { unsubscribedAt: at } });
}

/** Reminders and rating requests go to the address again (the customer asked, signed in). A bounce or complaint stays. */
export async function resubscribeEmail(db: Client, address: string): Promise<void> {
  await db.emailSuppression.updateMany({ where: { address: normalise(address), unsubscribedAt: { not: null } }, data: { unsubscribedAt: null } });
}
