import { z } from 'zod';
import { consentField, emailField } from './form-fields';
import { isServedZip } from './service-area';
import { FIRST_NAME_ERROR, INTEREST_ERROR, NOTIFY_ZIP_FORMAT_ERROR, NOTIFY_ZIP_NOT_SERVED, WAITLIST_ZIP_SERVED } from './texts';

export const INTERESTS = ['Residential Cleaning', 'Commercial Cleaning', 'Landlord Partnership'] as const;
export type Interest = (typeof INTERESTS)[number];

/** Pre-launch zip (§5): the format message first; the in-area check only for 5 digits. */
export const notifyZipField = z
  .string({ error: NOTIFY_ZIP_FORMAT_ERROR })
  .trim()
  .regex(/^\d{5}$/, { error: NOTIFY_ZIP_FORMAT_ERROR, abort: true })
  .refine(isServedZip, { error: NOTIFY_ZIP_NOT_SERVED });

/** Waitlist zip: the same format rule, but outside the service area (a served zip can book now). */
export const waitlistZipField = z
  .string({ error: NOTIFY_ZIP_FORMAT_ERROR })
  .trim()
  .regex(/^\d{5}$/, { error: NOTIFY_ZIP_FORMAT_ERROR, abort: true })
  .refine((zip) => !isServedZip(zip), { error: WAITLIST_ZIP_SERVED });

/**
 * Notify-me signup (POST /api/subscribe). Strict on the server.
 * `website` is a honeypot that people never see: a bot fills it. It is NOT refused here,
 * because a 400 would tell the bot what gave it away; the API answers success and drops
 * the submission (see isHoneypotFilled).
 */
export const subscribeSchema = z
  .object({
    zip: notifyZipField,
    email: emailField,
    firstName: z
      .string({ error: FIRST_NAME_ERROR })
      .trim()
      .min(1, { error: FIRST_NAME_ERROR })
      .max(100, { error: FIRST_NAME_ERROR }),
    interest: z.enum(INTERESTS, { error: INTEREST_ERROR }),
    website: z.string().max(2000).optional().default(''),
  })
  .strict();
export type Subscribe = z.output<typeof subscribeSchema>;
export type SubscribeInput = z.input<typeof subscribeSchema>;

/**
 * Out-of-area waitlist signup (POST /api/waitlist): the notify-me fields for a zip we do not
 * serve yet. Stored as a notify-me signup; its zip says it is a waitlist one.
 */
export const waitlistSchema = subscribeSchema.extend({ zip: waitlistZipField }).strict();

export function isHoneypotFilled(payload: { website?: string | null }): boolean {
  return (payload.website ?? '').trim() !== '';
}

/**
 * The step-2 form in the browser: the payload plus the consent checkbox (§5 "Consent
 * required"; docs/product.md quotes no text for it, we reuse the §5 consent alert). Not strict.
 */
export function subscribeFormSchema({ legalName }: { legalName: string }) {
  return subscribeSchema.strip().extend({ agreed: consentField(legalName) });
}

/** The waitlist form in the browser: the waitlist payload plus the consent checkbox. */
export function waitlistFormSchema({ legalName }: { legalName: string }) {
  return waitlistSchema.strip().extend({ agreed: consentField(legalName) });
}
export type SubscribeFormValues = z.output<ReturnType<typeof subscribeFormSchema>>;
