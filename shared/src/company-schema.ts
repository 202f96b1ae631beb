import { z } from 'zod';
import { ratingThanksSms } from './cleaning-rating';
import { AFTER_HOURS_PLACEHOLDERS, afterHoursReplySms } from './customer-messages';
import { isCalendarDate } from './eastern-time';
import { LONGEST_REOPENING_TEXT } from './office-hours';
import { isUsPhone } from './phone';
import { countSegments } from './sms-segments';
import { WEEKDAYS } from './weekdays';

/**
 * The rules a company configuration must meet (see company.ts). Only the build, the api and the
 * worker check a configuration, so zod stays out of the pages that only read one.
 */
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const webUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });
const link = z.strictObject({ label: text(40), url: webUrl });

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time HH:MM');
const openingSpan = z
  .strictObject({
    days: z
      .array(z.enum(WEEKDAYS))
      .min(1, 'must name at least one day')
      .refine((days) => new Set(days).size === days.length, 'must not repeat a day'),
    opens: clock,
    closes: clock,
  })
  .refine((span) => span.opens < span.closes, { path: ['closes'], message: 'must be later than opens' });

const openingHours = z
  .array(openingSpan)
  .min(1, 'needs at least one span of days')
  .refine((spans) => {
    const days = spans.flatMap((span) => span.days);
    return new Set(days).size === days.length;
  }, 'must name each day at most once');

/** The demo's words, and any configuration's that names none (docs/configuration.md). */
export const DEFAULT_AFTER_HOURS_REPLY = '{company}: thanks for your text. Our office is closed now. We will reply {reopens}.';

/** Conversations by text (docs/conversations.md): when staff answer, and what a text outside those hours gets at once. */
const textingSchema = z.strictObject({
  /** When staff answer texts; unset: the opening hours. */
  officeHours: openingHours.optional(),
  /**
   * The automatic answer outside office hours; {company} and {reopens} ('tomorrow at 8 AM') are
   * filled in. Null: no automatic answer.
   */
  afterHoursReply: text(300)
    .refine((words) => words.includes(AFTER_HOURS_PLACEHOLDERS.reopens), `must say when the office reopens with ${AFTER_HOURS_PLACEHOLDERS.reopens}`)
    .nullable()
    .default(DEFAULT_AFTER_HOURS_REPLY),
});

export const testimonialSchema = z.strictObject({
  quote: text(400),
  /** First name and initial, as the customer agreed to be named. */
  name: text(40),
  place: text(40),
  /** Stars given with the review, 1 to 5. */
  rating: z.int('must be a whole number of stars').min(1, 'must be 1 to 5').max(5, 'must be 1 to 5'),
  /** Where the review was published, e.g. 'Google'. */
  source: text(40),
  /** Month of the review, YYYY-MM. */
  date: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM'),
});

/** The longest guarantee window a configuration may set: 30 days. */
const GUARANTEE_WINDOW_MAX_HOURS = 720;

/** Every 'N hours', 'N-hour', 'Nhrs' or 'N days' a text names, in hours (numbers in words are not read). */
export function hoursNamedIn(text: string): number[] {
  return [...text.matchAll(/(\d+)[\s-]*(hours?|hrs?|days?)\b/gi)].map(([, n, unit]) => Number(n) * (/^day/i.test(unit ?? '') ? 24 : 1));
}

/** An invoice's due date when the company file says nothing: three days after it is made. */
export const DEFAULT_INVOICE_DUE_DAYS = 3;

export const companySchema = z
  .strictObject({
    name: text(60),
    /** Named in every consent text and policy. */
    legalName: text(80),
    tagline: text(80),
    established: z.int().min(1900).max(2100),
    /** E.164 US number; pages show it as (404) 555-0100 with a tel: link. */
    phone: z.string().refine(isUsPhone, 'must be a US phone number in the form +1XXXXXXXXXX'),
    email: z.email('must be an e-mail address'),
    /** Where the company is based, shown with the phone and hours. */
    address: z.strictObject({
      street: text(80),
      city: text(40),
      state: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code'),
      zip: z.string().regex(/^\d{5}$/, 'must be a 5-digit zip code'),
    }),
    /** When people can call: pages show it as 'Monday to Saturday, 8 AM to 6 PM', search engines read it as data. */
    openingHours,
    /** Completes "Home and office cleaning across …". */
    region: text(80),
    /** One or two sentences on where the company cleans. */
    serviceArea: text(300),
    social: z.strictObject({ imageSharing: link, socialNetwork: link }),
    designerCredit: z.strictObject({ label: text(80), url: webUrl.nullable() }),
    /** What a visitor may rely on; each is a claim the company must be able to stand behind. */
    statements: z.strictObject({
      insurance: text(200),
      bond: text(200),
      backgroundCheck: text(200),
      guarantee: text(200),
    }),
    /**
     * How long after a cleaning the customer may report something missed, in hours: the
     * guarantee, the refund and liability policies, and the portal's re-clean claim all use it.
     * Any 'N hours' or 'N days' the guarantee statement names must be this window.
     */
    guaranteeWindowHours: z
      .int('must be a whole number of hours')
      .min(1, 'must be at least 1')
      .max(GUARANTEE_WINDOW_MAX_HOURS, `must be at most ${GUARANTEE_WINDOW_MAX_HOURS} (30 days)`)
      .default(48),
    /** Where all reviews can be read. */
    reviewSource: link,
    /**
     * Where a happy customer writes a review (the thank-you for a rating of 4 or 5 links it,
     * docs/conversations.md#ratings); unset: reviewSource's url. It must fit the thank-you in one text.
     */
    reviewUrl: webUrl.optional(),
    testimonials: z.array(testimonialSchema).min(3, 'needs at least three (the home page shows three)'),
    /**
     * Days the company does not clean (holidays), as Eastern dates 'YYYY-MM-DD': a recurring
     * plan's visit that falls on one moves by the plan's rule, or is flagged for the office
     * (shared/src/plan-schedule.ts).
     */
    closedDays: z
      .array(z.string().refine(isCalendarDate, 'each must be a date written YYYY-MM-DD'))
      .max(400, 'must list at most 400 days')
      .default([]),
    texting: textingSchema.default({ afterHoursReply: DEFAULT_AFTER_HOURS_REPLY }),
    /**
     * How many days after it is made an invoice is due (docs/payments.md): an approved quote's,
     * so the cleaning is paid before the office schedules it. 0: due the day it is made.
     */
    invoiceDueDays: z.number().int('must be a whole number of days').min(0, 'must be 0 or more').max(90, 'must be at most 90').default(DEFAULT_INVOICE_DUE_DAYS),
  })
  .superRefine((company, ctx) => {
    // The statement is the promise and the window what the portal does: they must say the same.
    const other = hoursNamedIn(company.statements.guarantee).find((hours) => hours !== company.guaranteeWindowHours);
    if (other !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['statements', 'guarantee'], message: `names ${other} hours, but guaranteeWindowHours is ${company.guaranteeWindowHours}` });
    }
    // One segment with this company's name and the longest reopening ('on Wednesday at 10:30 AM'),
    // so no evening's answer costs two.
    const template = company.texting.afterHoursReply;
    if (template !== null && countSegments(afterHoursReplySms(template, { company: company.name, reopens: LONGEST_REOPENING_TEXT })) > 1) {
      ctx.addIssue({ code: 'custom', path: ['texting', 'afterHoursReply'], message: `must fit one text (160 plain characters) with the company's name and "${LONGEST_REOPENING_TEXT}" filled in` });
    }
    // The review link is chosen for the thank-you text: one segment with the company's name.
    if (company.reviewUrl !== undefined && countSegments(ratingThanksSms(company.name, company.reviewUrl)) > 1) {
      ctx.addIssue({ code: 'custom', path: ['reviewUrl'], message: "must fit the rating thank-you in one text (160 plain characters) with the company's name: use a shorter link" });
    }
  });

/** A checked configuration: the guarantee window and the texting words are filled in when the file leaves them out. */
export type Company = z.output<typeof companySchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type OpeningSpan = z.infer<typeof openingSpan>;

/**
 * Checks a configuration, or throws one error naming every wrong field ('company.phone: must be
 * a US phone number…'), so a bad value stops the build or the start instead of reaching a page.
 */
export function parseCompany(input: unknown, source: string): Company {
  const result = companySchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  company.${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new Error(`Company configuration from ${source} is not valid:\n${problems.join('\n')}`);
}

