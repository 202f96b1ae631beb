import { addDays, easternToday, easternWallTimeToInstant } from '@app/shared/eastern-time';
import {
  OWED_AGES,
  owedAgeOf,
  shiftMonth,
  TOP_OWING_COUNT,
  type MoneyTotal,
  type MonthMoneyView,
  type OwedAgeKey,
  type OwingCustomer,
  type TipsOfCleaner,
} from '@app/shared/month-money';

/** The month's bounds: its first instant and the next month's (Eastern), and its days. */
export interface MonthBounds {
  month: string;
  start: Date;
  end: Date;
  firstDay: string;
  nextFirstDay: string;
  /** The moment the owed figures are of (the month's end, or now for the month under way), and its day. */
  asOf: Date;
  asOfDay: string;
}

export function monthBounds(month: string, now: Date): MonthBounds {
  const firstDay = `${month}-01`;
  const nextFirstDay = `${shiftMonth(month, 1)}-01`;
  const at = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return easternWallTimeToInstant(y, m, d, 0, 0);
  };
  const start = at(firstDay);
  const end = at(nextFirstDay);
  const asOf = now < end ? now : end;
  return { month, start, end, firstDay, nextFirstDay, asOf, asOfDay: now < end ? easternToday(now) : addDays(nextFirstDay, -1) };
}

/** An invoice of the ledger as the month reads it (repository.ts). */
export interface LedgerRow {
  hubspotId: string;
  number: string | null;
  status: 'open' | 'paid' | 'voided';
  amountCents: number;
  paidCents: number | null;
  /** Its invoice date (YYYY-MM-DD), or the day the mirror first read it. */
  issuedOn: string;
  dueOn: string | null;
  paidAt: Date | null;
  voidedAt: Date | null;
  tip: boolean;
  dealId: string | null;
  dealReference: string | null;
  contactId: string | null;
  customer: string | null;
  email: string | null;
  ownerId: string | null;
  cleaner: string | null;
}

const within = (at: Date | null, b: MonthBounds) => at !== null && at >= b.start && at < b.end;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** What an invoice still owed at the bounds' `asOf` (a payment or void after it still counts it owed then), else 0. */
export function owedCents(row: LedgerRow, b: MonthBounds): number {
  if (row.tip || row.issuedOn > b.asOfDay) return 0;
  if (row.status === 'open') return Math.max(0, row.amountCents - (row.paidCents ?? 0));
  const settledAt = row.status === 'paid' ? row.paidAt : row.voidedAt;
  return settledAt !== null && settledAt >= b.asOf ? row.amountCents : 0;
}

/** Days an owed invoice had been owed on the bounds' day. */
export const owedDays = (row: LedgerRow, b: MonthBounds) => Math.max(0, daysBetween(row.issuedOn, b.asOfDay));

const add = (total: MoneyTotal, cents: number) => {
  total.count += 1;
  total.cents += cents;
};
const zero = (): MoneyTotal => ({ count: 0, cents: 0 });

/** The month's figures from the ledger rows it touches: one place for every rule of the page. */
export function summarizeMonth(rows: readonly LedgerRow[], b: MonthBounds): MonthMoneyView {
  const invoiced = zero();
  const paid = zero();
  const voided = zero();
  const byAge = Object.fromEntries(OWED_AGES.map((age) => [age.key, zero()])) as Record<OwedAgeKey, MoneyTotal>;
  const outstanding = { ...zero(), byAge };
  const tips = new Map<string, TipsOfCleaner>();
  const owing = new Map<string, OwingCustomer>();

  for (const row of rows) {
    if (row.tip) {
      if (row.status === 'paid' && within(row.paidAt, b)) {
        const key = row.ownerId ?? '';
        const tip = tips.get(key) ?? { ownerId: row.ownerId, cleaner: row.cleaner ?? 'No cleaner', count: 0, cents: 0 };
        add(tip, row.paidCents ?? row.amountCents);
        tips.set(key, tip);
      }
      continue;
    }
    if (row.issuedOn >= b.firstDay && row.issuedOn < b.nextFirstDay && row.status !== 'voided') add(invoiced, row.amountCents);
    if (row.status === 'paid' && within(row.paidAt, b)) add(paid, row.paidCents ?? row.amountCents);
    if (row.status === 'voided' && within(row.voidedAt, b)) add(voided, row.amountCents);
    const owed = owedCents(row, b);
    if (owed > 0) {
      const days = owedDays(row, b);
      add(outstanding, owed);
      add(byAge[owedAgeOf(days)], owed);
      if (row.contactId) {
        const customer = owing.get(row.contactId) ?? { contactId: row.contactId, name: row.customer ?? row.email ?? 'Customer', count: 0, cents: 0, oldestDays: 0 };
        add(customer, owed);
        customer.oldestDays = Math.max(customer.oldestDays, days);
        owing.set(row.contactId, customer);
      }
    }
  }
  return {
    month: b.month,
    asOf: b.asOfDay,
    invoiced,
    paid,
    voided,
    outstanding,
    tips: [...tips.values()].sort((a, c) => c.cents - a.cents || a.cleaner.localeCompare(c.cleaner)),
    topOwing: [...owing.values()].sort((a, c) => c.cents - a.cents || c.oldestDays - a.oldestDays).slice(0, TOP_OWING_COUNT),
  };
}
