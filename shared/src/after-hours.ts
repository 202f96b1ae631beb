import type { Company } from './company-schema';
import { afterHoursReplySms } from './customer-messages';
import { isOfficeOpen, officeClosedSince, officeReopens, reopeningText } from './office-hours';

/**
 * The automatic answer to a text that arrives while the office is closed (docs/conversations.md):
 * when the office answers texts (texting.officeHours, else the opening hours), and the company's
 * words for it. The api decides whether one is due when the text arrives; the worker writes the
 * words when it goes out, from the moment the text arrived.
 */

export function textingHours(company: Company): Company['openingHours'] {
  return company.texting.officeHours ?? company.openingHours;
}

export interface AfterHoursAnswer {
  /** When the office opens again: the answer's words name it, and one answer per phone is sent until then. */
  reopens: Date;
  /** When the office closed: a staff reply since then means someone is answering tonight. */
  closedSince: Date | null;
  words: string;
}

/** The answer due to a text received at `at`; null while the office is open, or when the company sends none. */
export function afterHoursAnswer(company: Company, at: Date): AfterHoursAnswer | null {
  const template = company.texting.afterHoursReply;
  const hours = textingHours(company);
  if (template === null || isOfficeOpen(hours, at)) return null;
  const reopens = officeReopens(hours, at);
  if (!reopens) return null;
  return {
    reopens,
    closedSince: officeClosedSince(hours, at),
    words: afterHoursReplySms(template, { company: company.name, reopens: reopeningText(reopens, at) }),
  };
}

/** The dedupe key of a phone's answer for one closed stretch: at most one per evening (or weekend). */
export function afterHoursDedupeKey(phone: string, reopens: Date): string {
  return `after_hours_reply:${phone}:${reopens.toISOString()}`;
}
