import { successResponseSchema } from '@app/shared/api-responses';
import type { ContactTicket } from '@app/shared/contact-ticket';
import { CONTACT_EXCEPTION, CONTACT_FAILED } from '@app/shared/texts';
import { api, ApiError } from '../../../lib/api-client';

export const CREATE_CONTACT_TICKET_PATH = '/api/hubspot/portal/createContactTicket';

export type ContactOutcome = { ok: true } | { ok: false; message: string };

/**
 * docs/product.md §7: POST createContactTicket → { success }. §8: an answer that is not success gives
 * 'Something went wrong. Please try again later.'; an exception (no answer) gives
 * 'There was an error submitting your request.'
 */
export async function createContactTicket(ticket: ContactTicket, idempotencyKey: string): Promise<ContactOutcome> {
  try {
    const answer = await api.post(CREATE_CONTACT_TICKET_PATH, ticket, successResponseSchema, { idempotencyKey });
    return answer.success ? { ok: true } : { ok: false, message: CONTACT_FAILED };
  } catch (error) {
    // An answer that is not a success is the first text; no answer at all, the second.
    return { ok: false, message: error instanceof ApiError ? CONTACT_FAILED : CONTACT_EXCEPTION };
  }
}
