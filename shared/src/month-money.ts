import { z } from 'zod';

/**
 * The month's money (docs/payments.md#the-months-money): what was invoiced, paid and voided in a
 * calendar month (Eastern Time), what was still owed at its end (or now, for this month) by age,
 * the tips each cleaner was given, and who owes the most. Served from the mirror's invoice ledger.
 */

export const MONTH_INVALID = 'Choose a month as YYYY-MM, like 2026-12.';

/** A month as the page's address has it: 2026-12. */
export const monthSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_INVALID);

/** How long an unpaid invoice has been owed (days since its invoice date), in the page's three bands. */
export const OWED_AGES = [
  { key: 'recent', label: '0–7 days', upTo: 7 },
  { key: 'month', label: '8–30 days', upTo: 30 },
  { key: 'older', label: '30+ days', upTo: null },
] as const;
export type OwedAgeKey = (typeof OWED_AGES)[number]['key'];

/** The band of an invoice owed for `days` days. */
export function owedAgeOf(days: number): OwedAgeKey {
  for (const age of OWED_AGES) if (age.upTo === null || days <= age.upTo) return age.key;
  return 'older';
}

/** The customers who owe the most, at most this many. */
export const TOP_OWING_COUNT = 10;

const moneyTotalSchema = z.object({ count: z.number().int(), cents: z.number().int() });
export type MoneyTotal = z.infer<typeof moneyTotalSchema>;

const tipsOfCleanerSchema = moneyTotalSchema.extend({
  ownerId: z.string().nullable(),
  /** The cleaner's name; "No cleaner" for a visit that had none. */
  cleaner: z.string(),
});
export type TipsOfCleaner = z.infer<typeof tipsOfCleanerSchema>;

const owingCustomerSchema = moneyTotalSchema.extend({
  contactId: z.string(),
  name: z.string(),
  /** Days the oldest of their unpaid invoices has been owed. */
  oldestDays: z.number().int(),
});
export type OwingCustomer = z.infer<typeof owingCustomerSchema>;

/** GET /api/internal/admin/money?month=: the page's figures. */
export const monthMoneyViewSchema = z.object({
  month: z.string(),
  /** The day the owed figures are of: the month's last, or today for the month under way. */
  asOf: z.string(),
  /** Invoices dated in the month and not voided (tips apart). */
  invoiced: moneyTotalSchema,
  /** Payments received in the month (tips apart). */
  paid: moneyTotalSchema,
  /** Invoices voided in the month. */
  voided: moneyTotalSchema,
  /** Unpaid on `asOf`, in total and by age. */
  outstanding: moneyTotalSchema.extend({ byAge: z.object({ recent: moneyTotalSchema, month: moneyTotalSchema, older: moneyTotalSchema }) }),
  /** Tips paid in the month, per cleaner, the most first. */
  tips: z.array(tipsOfCleanerSchema),
  topOwing: z.array(owingCustomerSchema),
});
export type MonthMoneyView = z.infer<typeof monthMoneyViewSchema>;

/** The month before or after `month` (YYYY-MM). */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** "December 2026". */
export function formatMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 15)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
