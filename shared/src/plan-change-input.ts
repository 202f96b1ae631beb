import { z } from 'zod';
import { BOOKABLE_ADD_ON_IDS } from './booking-price';
import { isCalendarDate } from './eastern-time';
import type { PlanChangeStep } from './plan-change';
import { PLAN_FREQUENCIES } from './plan-schedule';
import { PLAN_FREQUENCY_REQUIRED, PLAN_NTH_INVALID, PLAN_NTHS } from './recurring-plan';

/**
 * POST /api/internal/admin/plans/:id/changes (docs/recurring-plans.md): the office changes a plan
 * for this and every later visit (its rule: the day, the time, how often, the cleaner, the price,
 * the add-ons every visit comes with),
 * pauses it from one day to another, resumes it, or ends it. `preview: true` answers what would
 * change and writes nothing; the save sends back the preview's `expect`, and is refused when the
 * visits changed since.
 */

export const PLAN_CHANGE_FROM_INVALID = 'Choose the first visit to change: a day from tomorrow on.';
export const PLAN_CHANGE_EMPTY = 'Change at least one of the day, the time, how often, the cleaner, the price or the add-ons.';
export const PLAN_CHANGE_ADD_ONS_INVALID = 'Choose the every-visit add-ons from the catalogue, each once.';
export const PLAN_PAUSE_INVALID = 'Give the pause as a first and a last day, from tomorrow on.';
export const PLAN_END_DATE_INVALID = 'Give the day of the last visit: today or later.';
export const PLAN_TIME_INVALID = 'Give the start time as HH:MM.';
export const PLAN_WEEKDAY_INVALID = 'Choose a weekday.';
export const PLAN_PRICE_INVALID = 'Give a price per visit above zero.';
/** The visits changed between the preview and the save (HubSpot, the round, another staff member). */
export const PLAN_CHANGE_STALE = "This plan's visits changed since you looked. Look at what will change again, then save.";
/** A visit of the plan has a change on its way to HubSpot (the plan's last change, or another one). */
export const PLAN_CHANGE_PENDING = "A change of this plan's visits is still on its way to HubSpot. Try again in a moment.";
export const PLAN_HAS_ENDED = 'This plan has ended: nothing of it can change.';
export const PLAN_NOT_PAUSED = 'This plan has no pause from tomorrow on to end.';

const date = (message: string) => z.string({ error: message }).refine(isCalendarDate, message);
const preview = { preview: z.boolean().default(false), expect: z.string().max(128).optional() };

export const planChangeSchema = z.discriminatedUnion(
  'change',
  [
    z
      .object({
        change: z.literal('rule'),
        from: date(PLAN_CHANGE_FROM_INVALID),
        weekday: z.number({ error: PLAN_WEEKDAY_INVALID }).int(PLAN_WEEKDAY_INVALID).min(0, PLAN_WEEKDAY_INVALID).max(6, PLAN_WEEKDAY_INVALID).optional(),
        startTime: z.string({ error: PLAN_TIME_INVALID }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, PLAN_TIME_INVALID).optional(),
        frequency: z.enum(PLAN_FREQUENCIES, { error: PLAN_FREQUENCY_REQUIRED }).optional(),
        nth: z.literal(PLAN_NTHS, { error: PLAN_NTH_INVALID }).optional(),
        ownerId: z.string().min(1).max(64).nullable().optional(),
        amountCents: z.number({ error: PLAN_PRICE_INVALID }).int(PLAN_PRICE_INVALID).min(1, PLAN_PRICE_INVALID).max(10_000_000, PLAN_PRICE_INVALID).optional(),
        /** The add-ons every visit comes with from `from` on (all of them: an empty list drops them). */
        addOns: z
          .array(z.string({ error: PLAN_CHANGE_ADD_ONS_INVALID }), { error: PLAN_CHANGE_ADD_ONS_INVALID })
          .max(BOOKABLE_ADD_ON_IDS.length, PLAN_CHANGE_ADD_ONS_INVALID)
          // Checked as a whole, so the error names the field rather than one of its items.
          .refine((skus) => skus.every((sku) => BOOKABLE_ADD_ON_IDS.includes(sku)) && new Set(skus).size === skus.length, PLAN_CHANGE_ADD_ONS_INVALID)
          .optional(),
        ...preview,
      })
      .strict()
      .superRefine((value, ctx) => {
        const { weekday, startTime, frequency, nth, ownerId, amountCents, addOns } = value;
        if ([weekday, startTime, frequency, nth, ownerId, amountCents, addOns].every((v) => v === undefined)) ctx.addIssue({ code: 'custom', path: ['weekday'], message: PLAN_CHANGE_EMPTY });
      }),
    z.object({ change: z.literal('pause'), from: date(PLAN_PAUSE_INVALID), to: date(PLAN_PAUSE_INVALID), ...preview }).strict().refine((v) => v.to >= v.from, { path: ['to'], message: PLAN_PAUSE_INVALID }),
    z.object({ change: z.literal('resume'), ...preview }).strict(),
    z.object({ change: z.literal('end'), lastDate: date(PLAN_END_DATE_INVALID), ...preview }).strict(),
  ],
  { error: 'Choose what to change: rule, pause, resume or end.' },
);
export type PlanChange = z.output<typeof planChangeSchema>;
export type PlanChangeInput = z.input<typeof planChangeSchema>;

/** The answer to a preview: what the save would do, and the token the save sends back. */
export interface PlanChangePreview {
  preview: true;
  steps: PlanChangeStep[];
  expect: string;
}

/** The answer to a save. */
export interface PlanChangeSaved {
  success: true;
  counts: Record<PlanChangeStep['action'], number>;
}
