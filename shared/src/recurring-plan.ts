import { z } from 'zod';
import { laterVisitCents, RECURRING_FAMILY, serviceProduct, type VisitType } from './booking-price';
import { findProduct, type Product } from './catalogue';
import { STAGE } from './deal-stages';
import { easternToday, easternWallTime, isCalendarDate } from './eastern-time';
import { PLAN_FREQUENCIES, type ClosedDayRule, type PlanFrequency, type PlanRule, type Weekday } from './plan-schedule';
import type { ServiceFamily } from './services';
import type { SquareFootageKey } from './square-footage';
import { WEEKDAYS } from './weekdays';

/**
 * A recurring plan as the office makes it from a scheduled recurring request (docs/recurring-plans.md):
 * the request's cleaning is the first visit, and gives the plan its weekday, start time, length,
 * cleaner and package; the office says how often, which add-ons come every visit, and when it
 * ends. The staff page, the api and the worker read it from here.
 */

export const CLOSED_DAY_RULES = ['next_open_day', 'previous_open_day', 'flag'] as const satisfies readonly ClosedDayRule[];

export const PLAN_FREQUENCY_REQUIRED = 'Choose how often the visits come.';
export const PLAN_NTH_INVALID = 'Choose the week of the month: first to fourth, or last.';
export const PLAN_END_INVALID = 'Give the end date as a date after the first visit, or none.';
export const PLAN_ADD_ONS_INVALID = 'Choose the every-visit add-ons among this cleaning\'s add-ons.';
export const PLAN_EXISTS = 'This cleaning is already a visit of a recurring plan.';
export const PLAN_NEEDS_SCHEDULE = 'Schedule this cleaning with a cleaner first: its date and time become the plan\'s.';
export const PLAN_NEEDS_RECURRING = 'Only a Recurring Clean with its visit type can become a plan: quote it as one first.';

export const PLAN_FREQUENCY_LABELS: Record<PlanFrequency, string> = {
  weekly: 'Every week',
  every_2_weeks: 'Every 2 weeks',
  every_4_weeks: 'Every 4 weeks',
  monthly_nth_weekday: 'Once a month, on the same weekday',
};

export const CLOSED_DAY_RULE_LABELS: Record<ClosedDayRule, string> = {
  next_open_day: 'Move it to the next open day',
  previous_open_day: 'Move it to the open day before',
  flag: 'Keep it and flag it for the office',
};

/** A monthly plan's week of the month: the first to the fourth, or the last. */
export const PLAN_NTHS = [1, 2, 3, 4, -1] as const;
export type PlanNth = (typeof PLAN_NTHS)[number];
export const NTH_WORDS: Record<PlanNth, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };
/** Sunday 0 (as Date counts and a plan stores it) to Saturday 6, by name (shared/weekdays.ts starts on Monday). */
const weekdayName = (weekday: Weekday) => WEEKDAYS[(weekday + 6) % 7]!;

/** How a deal's booking words its frequency, as a plan's (monthly: every 4 weeks unless the office says otherwise). */
export const PLAN_FREQUENCY_OF_BOOKING: Record<string, PlanFrequency> = { weekly: 'weekly', 'bi-weekly': 'every_2_weeks', monthly: 'every_4_weeks' };

/** The week of the month a date is in, as a monthly plan counts it: 1 to 4, or -1 for a fifth. */
export function nthOfMonth(date: string): PlanNth {
  const day = Number(date.slice(8, 10));
  const nth = Math.ceil(day / 7);
  return nth > 4 ? -1 : (nth as PlanNth);
}

/** "Every Tuesday at 10:00 AM", "Every 2 weeks on Tuesday at 10:00 AM", "The second Tuesday of each month at 10:00 AM". */
export function describePlanRule(rule: Pick<PlanRule, 'frequency' | 'weekday' | 'startTime' | 'nth'>): string {
  const [h, m] = rule.startTime.split(':').map(Number) as [number, number];
  const time = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  const weekday = weekdayName(rule.weekday);
  switch (rule.frequency) {
    case 'weekly':
      return `Every ${weekday} at ${time}`;
    case 'every_2_weeks':
      return `Every 2 weeks on ${weekday} at ${time}`;
    case 'every_4_weeks':
      return `Every 4 weeks on ${weekday} at ${time}`;
    case 'monthly_nth_weekday':
      return `The ${NTH_WORDS[rule.nth ?? 1]} ${weekday} of each month at ${time}`;
  }
}

/** describePlanRule of a plan as its row stores the rule (recurring_plan). */
export function describeStoredPlanRule(row: { frequency: string; weekday: number; startTime: string; nth: number | null }): string {
  return describePlanRule({ frequency: row.frequency as PlanFrequency, weekday: row.weekday as Weekday, startTime: row.startTime, nth: (row.nth ?? undefined) as PlanNth | undefined });
}

/** What a plan takes from its first visit's start: the Eastern day, its weekday, and the wall-clock time 'HH:MM'. */
export function planStartOf(scheduledAt: Date): { startDate: string; weekday: Weekday; startTime: string } {
  const wall = easternWallTime(scheduledAt);
  const startDate = easternToday(scheduledAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { startDate, weekday: new Date(`${startDate}T12:00:00Z`).getUTCDay() as Weekday, startTime: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** A cleaning as the plan rule reads it. */
export interface PlanSourceDeal {
  planId: string | null;
  stageId: string;
  scheduledAt: Date | null;
  ownerId: string | null;
  serviceType: string | null;
  visitType: string | null;
  squareFootage: number | null;
  skus: readonly string[];
}

/**
 * Whether a cleaning may become a plan's first visit, the one rule the staff page's offer and the
 * api's refusal share: no plan's visit yet, scheduled with a cleaner, a Recurring Clean with a
 * visit type and a catalogue product for its size. Else why not; if so, its service product and
 * its add-ons (the other product ids), and the start it gives the plan.
 */
export function planSourceOf(
  d: PlanSourceDeal,
): { refusal: 'plan_exists' | 'not_scheduled' | 'not_recurring' } | { refusal: null; service: Product; addOns: string[]; start: ReturnType<typeof planStartOf> } {
  if (d.planId) return { refusal: 'plan_exists' };
  if (d.stageId !== STAGE.CLEANING_SCHEDULED || !d.scheduledAt || !d.ownerId) return { refusal: 'not_scheduled' };
  const service =
    d.serviceType === RECURRING_FAMILY && d.visitType && d.squareFootage !== null
      ? serviceProduct({ serviceType: d.serviceType as ServiceFamily, squareFootage: d.squareFootage as SquareFootageKey, visitType: d.visitType as VisitType })
      : undefined;
  if (!service) return { refusal: 'not_recurring' };
  return { refusal: null, service, addOns: d.skus.filter((sku) => sku !== service.id), start: planStartOf(d.scheduledAt) };
}

const dateField = z.string().refine(isCalendarDate, PLAN_END_INVALID);

/**
 * POST /api/internal/admin/deals/:id/plan: make a plan of this scheduled recurring cleaning.
 * Strict: an unknown field is refused. `nth` only for a monthly plan (its default: the week of
 * the month the first visit falls in).
 */
export const newPlanSchema = z
  .object({
    frequency: z.enum(PLAN_FREQUENCIES, { error: PLAN_FREQUENCY_REQUIRED }),
    nth: z.literal(PLAN_NTHS, { error: PLAN_NTH_INVALID }).optional(),
    recurringAddOns: z.array(z.string().min(1).max(64), { error: PLAN_ADD_ONS_INVALID }).max(20, PLAN_ADD_ONS_INVALID).default([]),
    endDate: dateField.nullable().default(null),
    closedDayRule: z.enum(CLOSED_DAY_RULES).default('next_open_day'),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.nth !== undefined && value.frequency !== 'monthly_nth_weekday') ctx.addIssue({ code: 'custom', path: ['nth'], message: PLAN_NTH_INVALID });
  });
export type NewPlan = z.output<typeof newPlanSchema>;
export type NewPlanInput = z.input<typeof newPlanSchema>;

/** A visit of a plan as the staff pages and the portal show it. */
export const planVisitSchema = z.object({
  dealId: z.string(),
  reference: z.string(),
  occurrence: z.string(),
  scheduledAt: z.string().nullable(),
  stageId: z.string(),
  ownerId: z.string().nullable(),
  detached: z.boolean(),
  flag: z.string().nullable(),
});
export type PlanVisitView = z.infer<typeof planVisitSchema>;

/** A plan as the staff pages show it. */
export const planViewSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'ended']),
  contactId: z.string(),
  customerName: z.string(),
  frequency: z.enum(PLAN_FREQUENCIES),
  rule: z.string(),
  /** The rule's parts, as a change form starts from them: 0 Sunday to 6 Saturday, 'HH:MM' Eastern, the monthly week. */
  weekday: z.number(),
  startTime: z.string(),
  nth: z.number().nullable(),
  pauses: z.array(z.object({ from: z.string(), to: z.string() })),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  amountCents: z.number(),
  /** The add-ons every visit comes with (catalogue ids; the service is not among them). */
  addOns: z.array(z.string()),
  /** What a month of visits brings, in cents (the visits a rule gives in an average month). */
  monthlyCents: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  pausedNow: z.boolean(),
  nextVisit: planVisitSchema.nullable(),
  visits: z.array(planVisitSchema),
});
export type PlanView = z.infer<typeof planViewSchema>;

/**
 * A plan's price per visit once its every-visit add-ons are `addOns`: the catalogue's price of
 * a later visit with them, or, for a size the office quotes, its own price with the difference
 * of the add-ons' catalogue prices. `skus` is the plan's package: its service first.
 */
export function planCentsWithAddOns(
  plan: { serviceType: string; squareFootage: number | null; visitType: string | null; skus: readonly string[]; amountCents: number },
  addOns: readonly string[],
): number {
  const catalogue =
    plan.squareFootage === null
      ? null
      : laterVisitCents({ serviceType: plan.serviceType as ServiceFamily, squareFootage: plan.squareFootage as SquareFootageKey, visitType: (plan.visitType ?? undefined) as VisitType | undefined, addOns });
  if (catalogue !== null) return catalogue;
  const cents = (skus: readonly string[]) => skus.reduce((sum, sku) => sum + (findProduct(sku)?.priceCents ?? 0), 0);
  return Math.max(1, plan.amountCents + cents(addOns) - cents(plan.skus.slice(1)));
}

/** Visits per average month (52 weeks over 12 months) of each frequency. */
export const VISITS_PER_MONTH: Record<PlanFrequency, number> = { weekly: 52 / 12, every_2_weeks: 26 / 12, every_4_weeks: 13 / 12, monthly_nth_weekday: 1 };

/** What a month of a plan's visits brings in, in whole cents. */
export const monthlyCentsOf = (frequency: PlanFrequency, amountCents: number): number => Math.round(VISITS_PER_MONTH[frequency] * amountCents);

/** The portal's answer once a visit is skipped. */
export const PLAN_VISIT_SKIPPED = 'Skipped: we will not come that day. Your plan goes on as before.';
/** A skip of a cleaning that is no plan's visit, or no longer to come. */
export const NOT_SKIPPABLE = 'Only a visit of your plan that is still to come can be skipped.';

/** A skip of a visit with a change already on its way (a skip sent twice, or the office's change). */
export const SKIP_PENDING = 'This visit has a change on its way to us: it shows here in a moment.';

/** A skip that could not be sent (no answer, or one we did not expect). */
export const SKIP_FAILED = 'We could not skip this visit just now. Try again, or call us.';

/** The stages of a visit still to come (scheduled, or waiting for its cleaner): a plan's next visit, and what a skip may cancel. */
export const VISIT_TO_COME_STAGES: ReadonlySet<string> = new Set([STAGE.SCHEDULING_IN_PROGRESS, STAGE.CLEANING_SCHEDULED]);
