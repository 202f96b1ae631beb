import { z } from 'zod';
import { contactForPhone } from '@app/db/conversations';
import { budgetLeft } from '@app/db/sms-budget';
import { findOptOut, recordOptOut, removeOptOut } from '@app/db/sms-opt-out';
import type { DbTransaction } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { afterHoursAnswer, afterHoursDedupeKey } from '@app/shared/after-hours';
import { helpReplySms } from '@app/shared/customer-messages';
import { formatUsPhone, isUsPhone } from '@app/shared/phone';
import { smsKeyword, type SmsKeyword } from '@app/shared/sms-keywords';
import type { ModuleDeps } from '../registry';
import { recordRatingReply } from './rating-service';
import { insertAfterHoursAnswer, insertInboundText, staffRepliedSince } from './repository';

/** The parameters of an incoming message we use; Twilio sends more (and may add some). */
const inboundSchema = z.object({
  /** Twilio's id of the message: a webhook posted again carries the same one. */
  MessageSid: z.string().min(1).max(64),
  From: z.string().min(1).max(40),
  To: z.string().max(40).optional(),
  Body: z.string().max(1_600).default(''),
  /** Set by a Messaging Service with Advanced Opt-Out: the keyword type it recognised (its own words). */
  OptOutType: z.enum(['STOP', 'START', 'HELP']).optional(),
});

export interface InboundOutcome {
  keyword: SmsKeyword | null;
  /** The text to answer with (TwiML), if any. */
  reply: string | null;
  /** False when the message was already received (Twilio posted it again): nothing was done twice. */
  fresh: boolean;
  /** The after-hours answer was written (the worker sends it). */
  afterHours: boolean;
  /** The text rated a cleaning (docs/conversations.md#ratings): its answer, and for 1 to 3 a ticket, were written. */
  rating: number | null;
  /** The text is due to be logged on the customer's HubSpot timeline (the worker logs it). */
  hubspotLog: boolean;
}

type InboundDeps = Pick<ModuleDeps, 'db' | 'now'> & { auth: Pick<ModuleDeps['auth'], 'smsBudget'> };

/**
 * The after-hours answer (docs/conversations.md), when one is due: the office is closed, the
 * company sends one, the phone is a US phone that did not opt out, nobody from the office has
 * replied to it since closing (someone is answering tonight), the text budget has room (anyone
 * can text our number), and the phone has not had this closed stretch's answer yet.
 */
async function answerAfterHours(tx: DbTransaction, deps: InboundDeps, phone: string, at: Date): Promise<boolean> {
  const answer = afterHoursAnswer(COMPANY, at);
  if (!answer || !isUsPhone(phone)) return false;
  if (await findOptOut(tx, phone)) return false;
  if (answer.closedSince && (await staffRepliedSince(tx, phone, answer.closedSince))) return false;
  if (!(await budgetLeft(tx, deps.auth.smsBudget, at))) return false;
  return insertAfterHoursAnswer(tx, phone, afterHoursDedupeKey(phone, answer.reopens), at);
}

/**
 * A text someone sent to our number. It is kept first, with its words, on the customer whose
 * phone sent it (or on no one: an unknown number), in the same transaction as what it causes, so
 * a text is never lost and never acted on twice (its MessageSid); a customer's text is then
 * logged on their HubSpot timeline by the worker. STOP (and the other opt-out
 * words) records the opt-out, so nothing more is sent to that phone, login codes included; START
 * removes it; HELP is answered with the program's terms as the consent words give them
 * (helpReplySms) (not to an opted-out phone: Twilio would refuse it). Twilio answers STOP and START
 * itself. The answer to a rating request, within its 7 days and once per cleaning, is the
 * cleaning's rating (rating-service.ts). Anything else waits for a staff member's answer in the
 * customer's thread, and outside office hours gets the after-hours answer.
 */
export async function receiveText(deps: InboundDeps, params: Record<string, string>): Promise<InboundOutcome> {
  const text = inboundSchema.parse(params);
  const at = deps.now();
  const keyword = text.OptOutType ? (text.OptOutType.toLowerCase() as SmsKeyword) : smsKeyword(text.Body);
  return deps.db.$transaction(async (tx) => {
    const contact = await contactForPhone(tx, text.From);
    const inboundId = await insertInboundText(tx, { sid: text.MessageSid, from: text.From, to: text.To ?? null, body: text.Body, keyword, contactId: contact?.id ?? null, at });
    const fresh = inboundId !== null;
    const outcome = { keyword, reply: null, fresh, afterHours: false, rating: null, hubspotLog: fresh && contact !== null };
    if (!fresh) return outcome;
    if (keyword === 'stop') {
      await recordOptOut(tx, text.From, { source: 'keyword', keyword: text.Body.trim().toUpperCase().slice(0, 20) || null }, at);
    } else if (keyword === 'start') {
      await removeOptOut(tx, text.From);
    } else if (keyword === 'help') {
      if (!(await findOptOut(tx, text.From))) return { ...outcome, reply: helpReplySms({ company: COMPANY.name, phone: formatUsPhone(COMPANY.phone) }) };
    } else {
      // The answer to "how did it go?" is a rating, not a conversation: it is thanked (or apologised
      // for) at once and does not wait for staff. Anything else is a reply as any other.
      const rating = await recordRatingReply(tx, { phone: text.From, body: text.Body, inboundTextId: inboundId, at });
      if (rating) return { ...outcome, rating };
      return { ...outcome, afterHours: await answerAfterHours(tx, deps, text.From, at) };
    }
    return outcome;
  });
}
