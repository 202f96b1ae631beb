import { z } from 'zod';
import { DESCRIPTION_MAX, consentField, emailField, usPhoneInputField } from './form-fields';
import { CONTACT_NAME_ERROR, CONTACT_REASON_REQUIRED, DESCRIPTION_REQUIRED } from './texts';

export const CONTACT_REASONS = ['General Question', 'Service Inquiry'] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

/** A word of letters, allowing the joiners real names use: O'Brien, Mary-Jane, St. */
const ALPHABETIC_WORD = /^\p{L}+(?:['’.-]\p{L}*)*$/u;

/** §5: at least two words, every one alphabetic ('Ann Lee', not 'Ann' or 'Ann 3'). */
export function isFirstAndLastName(value: string): boolean {
  const words = value.trim().split(/\s+/).filter(Boolean);
  return words.length >= 2 && words.every((w) => ALPHABETIC_WORD.test(w));
}

/**
 * Contact ticket (POST /api/hubspot/portal/createContactTicket). Strict on the server.
 * The phone accepts any common US spelling and is stored as +1XXXXXXXXXX.
 * bookingId is optional: '' or absent means the question is not about a booking.
 */
export function contactTicketSchema({ legalName }: { legalName: string }) {
  return z
    .object({
      name: z
        .string({ error: CONTACT_NAME_ERROR })
        .trim()
        .max(100, { error: CONTACT_NAME_ERROR })
        .refine(isFirstAndLastName, { error: CONTACT_NAME_ERROR }),
      email: emailField,
      phone: usPhoneInputField,
      bookingId: z
        .string()
        .trim()
        .max(64)
        .optional()
        .transform((v) => (v ? v : undefined)),
      reason: z.enum(CONTACT_REASONS, { error: CONTACT_REASON_REQUIRED }),
      description: z
        .string({ error: DESCRIPTION_REQUIRED })
        .trim()
        .min(1, { error: DESCRIPTION_REQUIRED })
        .max(DESCRIPTION_MAX, { error: DESCRIPTION_REQUIRED }),
      agreed: consentField(legalName),
    })
    .strict();
}
export type ContactTicket = z.output<ReturnType<typeof contactTicketSchema>>;
export type ContactTicketInput = z.input<ReturnType<typeof contactTicketSchema>>;
