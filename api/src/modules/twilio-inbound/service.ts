import { z } from 'zod';
import { findOptOut, recordOptOut, removeOptOut } from '@app/db/sms-opt-out';
import { COMPANY } from '@app/runtime/company';
import { helpReplySms } from '@app/shared/customer-messages';
import { formatUsPhone } from '@app/shared/phone';
import { smsKeyword, type SmsKeyword } from '@app/shared/sms-keywords';
import type { ModuleDeps } from '../registry';

/** The parameters of an incoming message we use; Twilio sends more (and may add some). */
const inboundSchema = z.object({
  From: z.string().min(1).max(40),
  Body: z.string().max(1_600).default(''),
  /** Set by a Messaging Service with Advanced Opt-Out: the keyword type it recognised (its own words). */
  OptOutType: z.enum(['STOP', 'START', 'HELP']).optional(),
});

export interface InboundOutcome {
  keyword: SmsKeyword | null;
  /** The text to answer with (TwiML), if any. */
  reply: string | null;
}

/**
 * A text someone sent to our number. STOP (and the other opt-out words) records the opt-out, so
 * nothing more is sent to that phone, login codes included; START removes it; HELP is answered
 * with the program's terms as the consent words give them (helpReplySms) (not to an opted-out phone: Twilio would refuse it).
 * Twilio answers STOP and START itself. Anything else is left alone: the number takes no
 * conversations (the texts say to call).
 */
export async function receiveText(deps: Pick<ModuleDeps, 'db' | 'now'>, params: Record<string, string>): Promise<InboundOutcome> {
  const text = inboundSchema.parse(params);
  const keyword = text.OptOutType ? (text.OptOutType.toLowerCase() as SmsKeyword) : smsKeyword(text.Body);
  if (keyword === 'stop') {
    await recordOptOut(deps.db, text.From, { source: 'keyword', keyword: text.Body.trim().toUpperCase().slice(0, 20) || null }, deps.now());
    return { keyword, reply: null };
  }
  if (keyword === 'start') {
    await removeOptOut(deps.db, text.From);
    return { keyword, reply: null };
  }
  if (keyword === 'help' && !(await findOptOut(deps.db, text.From))) {
    return { keyword, reply: helpReplySms({ company: COMPANY.name, phone: formatUsPhone(COMPANY.phone) }) };
  }
  return { keyword, reply: null };
}
