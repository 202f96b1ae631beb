import type { Prisma } from '@app/db/generated/client';
import { writeNoticeText } from './notice-repository';
import type { NoticePolicy } from './notice-rules';

/**
 * "Your quote is ready" (docs/customer-messages.md#channels), an e-mail to the booking's address
 * (its contact's), written in the transaction that makes the quote the customer's: the one that
 * settles its command as applied (the portal offers the last applied quote, prisma/quotes.ts).
 * Once per quote, by its command's id. False when the deal has no address or the key was taken.
 */
export async function writeQuoteReady(tx: Prisma.TransactionClient, policy: NoticePolicy, quote: { dealId: string; quoteId: string }, now: Date): Promise<boolean> {
  const deal = await tx.deal.findUnique({ where: { id: quote.dealId }, select: { contact: { select: { email: true } } } });
  const email = deal?.contact?.email;
  if (!email) return false;
  return writeNoticeText(tx, policy, { kind: 'quote_ready', dealId: quote.dealId, to: null, email, subject: { quoteId: quote.quoteId }, dueAt: now });
}
