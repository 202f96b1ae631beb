import { REQUEST_KINDS, type RequestKind } from './requests';
import { emailsFailed, type EmailTally } from './email-tally';
import type { FaultTally } from './tally';

export interface ReportRow {
  title: string;
  tally: FaultTally;
  /** The e-mails the fault's bookings planned, by Message-ID in the mail inbox. */
  emails?: EmailTally | undefined;
  /** Job schedulers missing after the fault, and how long after its end all were back (null: not within the bound). */
  schedulers?: { missing: readonly string[]; backAfterMs: number | null } | undefined;
}

/** A fault failed the run: a request or an e-mail lost or duplicated, or a job scheduler that did not come back. */
export function failed(row: ReportRow): boolean {
  return row.tally.lost > 0 || row.tally.duplicated > 0 || (row.emails !== undefined && emailsFailed(row.emails)) || (row.schedulers !== undefined && row.schedulers.backAfterMs === null);
}

/** "e-mails 15 planned, 15 delivered, 0 lost, 0 duplicated; 4 resent under the same Message-ID": the fault's line; '' without any. */
export function formatEmails(emails: EmailTally | undefined): string {
  if (!emails || (emails.bookings === 0 && emails.planned === 0)) return '';
  const never = emails.unplanned > 0 ? ` (${emails.unplanned} never planned)` : '';
  const resent = emails.resent > 0 ? `; ${emails.resent} resent under the same Message-ID` : '';
  return `e-mails ${emails.planned} planned, ${emails.delivered} delivered, ${emails.lost} lost${never}, ${emails.duplicated} duplicated${resent}`;
}

/** What happened to the job schedulers, if the fault took any away. */
export function formatSchedulers(schedulers: ReportRow['schedulers']): string {
  if (!schedulers || (schedulers.missing.length === 0 && schedulers.backAfterMs !== null)) return '';
  const which = schedulers.missing.length > 0 ? `schedulers ${schedulers.missing.join(', ')}` : 'schedulers (unreadable)';
  return schedulers.backAfterMs === null ? `${which} not back` : `${which} back after ${(schedulers.backAfterMs / 1000).toFixed(1)} s`;
}

const COLUMNS = ['fault', 'taken', 'not taken', '503s', 'reached', 'lost', 'duplicated', 'time to heal'] as const;
const EMAIL_COLUMNS = ['e-mails (by Message-ID)', 'bookings', 'planned', 'delivered', 'lost', 'duplicated', 'resent', 'time to heal'] as const;

/** Seconds with one decimal, or why there is no time to heal. */
export function formatHeal(tally: Pick<FaultTally, 'healMs' | 'lost'>): string {
  if (tally.healMs !== null) return `${(tally.healMs / 1000).toFixed(1)} s`;
  return tally.lost > 0 ? 'not healed' : 'waiting';
}

function cells(row: ReportRow): string[] {
  const t = row.tally;
  return [row.title, t.taken, t.notTaken, t.unavailable, t.reached, t.lost, t.duplicated, formatHeal(t)].map(String);
}

function emailCells(title: string, e: EmailTally): string[] {
  return [title, e.bookings, e.planned, e.delivered, e.lost, e.duplicated, e.resent, formatHeal(e)].map(String);
}

/** A plain-text table: the first column left-aligned, the figures right-aligned, a rule under the header. */
function table(columns: readonly string[], rows: readonly string[][]): string[] {
  const all = [[...columns], ...rows];
  const widths = columns.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const lines = all.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd());
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines;
}

/** "503×4, 500×1, no answer×2": the answers clients had to retry (or gave up on). */
export function formatFailedAnswers(counts: Record<number, number>): string {
  return Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([status, n]) => `${status === '0' ? 'no answer' : status}×${n}`)
    .join(', ');
}

/** "3 bookings, 1 login code", in the order of REQUEST_KINDS. */
export function byKind(counts: Partial<Record<RequestKind, number>>): string {
  return REQUEST_KINDS.filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => `${counts[kind]} ${kind}${counts[kind] === 1 ? '' : 's'}`)
    .join(', ');
}

/**
 * The rows as a plain-text table, then the faults' e-mails as another (when any planned some),
 * then per fault the answers clients retried, what was lost or duplicated and what became of the
 * job schedulers.
 */
export function formatReport(rows: readonly ReportRow[]): string {
  const lines = table(COLUMNS, rows.map(cells));
  const withEmails = rows.filter((row) => formatEmails(row.emails) !== '');
  if (withEmails.length > 0) lines.push('', ...table(EMAIL_COLUMNS, withEmails.map((row) => emailCells(row.title, row.emails!))));
  for (const row of rows) {
    const emails = row.emails;
    const problems = [
      Object.keys(row.tally.failedAnswers).length > 0 ? `answers ${formatFailedAnswers(row.tally.failedAnswers)}` : '',
      row.tally.lost > 0 ? `lost ${byKind(row.tally.lostByKind)}` : '',
      row.tally.duplicated > 0 ? `duplicated ${byKind(row.tally.duplicatedByKind)}` : '',
      emails && emails.lost > 0 ? `lost ${emails.lost} e-mail${emails.lost === 1 ? '' : 's'}${emails.unplanned > 0 ? ` (${emails.unplanned} never planned)` : ''}` : '',
      emails && emails.duplicated > 0 ? `${emails.duplicated} e-mail${emails.duplicated === 1 ? '' : 's'} delivered more than once` : '',
      formatSchedulers(row.schedulers),
    ].filter(Boolean);
    if (problems.length > 0) lines.push(`${row.title}: ${problems.join('; ')}`);
  }
  return lines.join('\n');
}
