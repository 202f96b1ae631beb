import { easternToday } from '@app/shared/eastern-time';
import { owedCents, owedDays, type LedgerRow, type MonthBounds } from './month-summary';

const HEADER = ['Invoice', 'Kind', 'Customer', 'E-mail', 'Booking', 'Cleaner', 'Invoice date', 'Due date', 'Status', 'Amount', 'Paid', 'Paid on', 'Voided on', 'Owed', 'Days owed'];
const STATUS = { open: 'Not Paid', paid: 'Paid/Settled', voided: 'Voided' } as const;

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/**
 * One cell as RFC 4180 has it (quoted when it holds a comma, a quote or a line break), and never
 * read as a formula by a spreadsheet: a cell starting with = + - @ or a tab gets a leading quote.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The month's invoices as CSV, one row each, with what each still owed at the month's `asOf`. */
export function monthCsv(rows: readonly LedgerRow[], b: MonthBounds): string {
  const lines = rows.map((row) => {
    const owed = owedCents(row, b);
    return [
      row.number ?? row.hubspotId,
      row.tip ? 'Tip' : 'Cleaning',
      row.customer ?? '',
      row.email ?? '',
      row.dealReference ?? '',
      row.cleaner ?? '',
      row.issuedOn,
      row.dueOn ?? '',
      STATUS[row.status],
      dollars(row.amountCents),
      dollars(row.status === 'paid' ? (row.paidCents ?? row.amountCents) : row.paidCents),
      row.paidAt ? easternToday(row.paidAt) : '',
      row.voidedAt ? easternToday(row.voidedAt) : '',
      owed > 0 ? dollars(owed) : '',
      owed > 0 ? String(owedDays(row, b)) : '',
    ];
  });
  return [HEADER, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The download's file name: "money-2026-12.csv". */
export const monthCsvName = (month: string) => `money-${month}.csv`;
