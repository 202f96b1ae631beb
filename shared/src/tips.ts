import { z } from 'zod';
import { STAGE } from './deal-stages';

/**
 * Tips (docs/payments.md#tips): after a cleaning done, the customer may thank its cleaner with a
 * tip, paid on HubSpot's hosted checkout as a small invoice of its own, offered by the thank-you
 * of a 4 or 5 rating and by the receipt of a visit's invoice.
 */

/** The amounts the page offers first, in cents. */
export const TIP_PRESETS_CENTS = [1_000, 1_500, 2_000] as const;
export const TIP_MIN_CENTS = 100;
export const TIP_MAX_CENTS = 50_000;
/** A cleaning can be tipped for this many days after it. */
export const TIP_WINDOW_DAYS = 30;
/** At most this many tips per cleaning (a second thought, a tip paid by each of two people). */
export const TIP_MAX_PER_VISIT = 3;

export const TIP_AMOUNT_INVALID = 'Choose a tip from $1.00 to $500.00.';
export const TIP_LINK_INVALID = 'This tip link does not work. Call us and we will help.';
export const TIP_CLOSED = 'Tips for this cleaning have closed.';
export const TIP_LIMIT_REACHED = 'This cleaning has all the tips it can take. Thank you!';

/** POST /api/tips: a tip of `cents` for the cleaning of the link's token; `tipId` (the page's) makes a retry the same tip. */
export const tipRequestSchema = z.object({
  t: z.string().min(1, TIP_LINK_INVALID).max(200, TIP_LINK_INVALID),
  tipId: z.uuid(),
  cents: z.number({ error: TIP_AMOUNT_INVALID }).int(TIP_AMOUNT_INVALID).min(TIP_MIN_CENTS, TIP_AMOUNT_INVALID).max(TIP_MAX_CENTS, TIP_AMOUNT_INVALID),
});
export type TipRequest = z.infer<typeof tipRequestSchema>;

/** GET /api/tips?t=: what the page shows of the cleaning. */
export const tipOfferSchema = z.object({
  cleaner: z.string(),
  scheduledAt: z.string(),
  presetsCents: z.array(z.number().int()),
});
export type TipOffer = z.infer<typeof tipOfferSchema>;

/** A tip given: on its way to HubSpot (pending), payable at `payUrl` (made), or not made (failed). */
export const tipStateSchema = z.object({
  tipId: z.string(),
  cents: z.number().int(),
  status: z.enum(['pending', 'made', 'failed']),
  payUrl: z.string().nullable(),
});
export type TipState = z.infer<typeof tipStateSchema>;

/**
 * Whether a cleaning can be tipped at `now`: closed out as done, with its cleaner, within
 * TIP_WINDOW_DAYS of its date. The one rule the texts that offer a tip and the page follow.
 */
export function tipsOpen(deal: { stageId: string; visitOutcome: string | null; ownerId: string | null; scheduledAt: Date | null }, now: Date): boolean {
  if (deal.stageId !== STAGE.CLEANING_DONE || deal.visitOutcome !== 'done' || !deal.ownerId || !deal.scheduledAt) return false;
  return now.getTime() - deal.scheduledAt.getTime() <= TIP_WINDOW_DAYS * 86_400_000;
}

/** The words a text adds to offer the tip: "Thank Maria with a tip: <link>". */
export function tipOfferWords(cleanerFirstName: string | null, url: string): string {
  return `Thank ${cleanerFirstName?.trim() || 'your cleaner'} with a tip: ${url}`;
}

/** The tip page's form: a preset (its cents) or 'other' with an amount in dollars ("12" or "12.50"). */
export const tipFormSchema = z
  .object({ choice: z.string({ error: TIP_AMOUNT_INVALID }).min(1, TIP_AMOUNT_INVALID), other: z.string() })
  .transform((form, ctx) => {
    const cents = form.choice === 'other' ? dollarsToTipCents(form.other) : Number(form.choice);
    if (cents === null || !Number.isInteger(cents) || cents < TIP_MIN_CENTS || cents > TIP_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', path: [form.choice === 'other' ? 'other' : 'choice'], message: TIP_AMOUNT_INVALID });
      return z.NEVER;
    }
    return { cents };
  });

/** "12", "12.5", "$12.50" as cents; null for anything else. */
export function dollarsToTipCents(text: string): number | null {
  const m = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}
