import { successResponseSchema } from '@app/shared/api-responses';
import type { ContactTicket } from '@app/shared/contact-ticket';
import { CONTACT_EXCEPTION, CONTACT_FAILED } from '@app/shared/texts';
import { postJson } from '../../../lib/post-json';

export const CREATE_CONTACT_TICKET_PATH = '/api/hubspot/portal/createContactTicket';

export type ContactOutcome = { ok: true } | { ok: false; message: string };

/**
 * docs/product.md §7: POST createContactTicket → { success }. §8: an answer that is not success gives
 * 'Something went wrong. Please try again later.'; an exception (no answer) gives
 * 'There was an error submitting your request.'
 */
export async function createContactTicket(ticket: ContactTicket, idempotencyKey: string): Promise<ContactOutcome> {
  try {
    const answer = await postJson(CREATE_CONTACT_TICKET_PATH, ticket, { 'Idempotency-Key': idempotencyKey });
    const parsed = successResponseSchema.safeParse(answer.body);
    return answer.ok && parsed.success && parsed.data.success ? { ok: true } : { ok: false, message: CONTACT_FAILED };
  } catch {
    return { ok: false, message: CONTACT_EXCEPTION };
  }
}
