import type { DbTransaction } from '@app/db/client';
import { daysBefore, isUnhappyRating, RATING_RULES, unhappyTicketReason } from '@app/shared/cleaning-rating';
import { parseRating } from '@app/shared/rating-reply';
import { findAskedRating, insertUnhappyTicket, saveRating } from './rating-repository';

/**
 * A text that may answer "how did it go?" (docs/conversations.md#ratings). It rates the cleaning
 * when it is a rating and nothing more (parseRating), the phone was asked within the last 7 days,
 * and that cleaning has no rating yet; otherwise it is a reply like any other (null). The rating,
 * its automatic answer and, for 1 to 3, the staff ticket are written in the caller's transaction,
 * the one that keeps the text, so Twilio posting it again (the same MessageSid) does nothing more.
 */
export async function recordRatingReply(tx: DbTransaction, text: { phone: string; body: string; inboundTextId: string; at: Date }): Promise<number | null> {
  const value = parseRating(text.body);
  if (value === null) return null;
  const asked = await findAskedRating(tx, text.phone, daysBefore(text.at, RATING_RULES.replyWindowDays));
  if (!asked || asked.rating !== null) return null;
  if (!(await saveRating(tx, { id: asked.id, dealId: asked.dealId, phone: text.phone, value, inboundTextId: text.inboundTextId }, text.at))) return null;
  if (isUnhappyRating(value)) await insertUnhappyTicket(tx, { dealId: asked.dealId, contactId: asked.contactId, reason: unhappyTicketReason(value, text.body) });
  return value;
}
