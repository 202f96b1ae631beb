import { REQUEST_KINDS, type RequestKind } from './requests';
import type { FaultTally } from './tally';

export interface ReportRow {
  title: string;
  tally: FaultTally;
  /** Job schedulers missing after the fault, and how long after its end all were back (null: not within the bound). */
  schedulers?: { missing: readonly string[]; backAfterMs: number | null } | undefined;
}

/** A fault failed the run: a request lost or duplicated, or a job scheduler that did not come back. */
export function failed(row: ReportRow): boolean {
  return row.tally.lost > 0 || row.tally.duplicated > 0 || (row.schedulers !== undefined && row.schedulers.backAfterMs === null);
}

/** What happened to the job schedulers, if the fault took any away. */
export function formatSchedulers(schedulers: ReportRow['schedulers']): string {
  if (!schedulers || (schedulers.missing.length === 0 && schedulers.backAfterMs !== null)) return '';
  const which = schedulers.missing.length > 0 ? `schedulers ${schedulers.missing.join(', ')}` : 'schedulers (unreadable)';
  return schedulers.backAfterMs === null ? `${which} not back` : `${which} back after ${(schedulers.backAfterMs / 1000).toFixed(1)} s`;
}

const COLUMNS = ['fault', 'taken', 'not taken', '503s', 'reached', 'lost', 'duplicated', 'time to heal'] as const;

/** Seconds with one decimal, or why there is no time to heal. */
export function formatHeal(tally: FaultTally): string {
  if (tally.healMs !== null) return `${(tally.healMs / 1000).toFixed(1)} s`;
  return tally.lost > 0 ? 'not healed' : 'waiting';
}

function cells(row: ReportRow): string[] {
  const t = row.tally;
  return [row.title, t.taken, t.notTaken, t.unavailable, t.reached, t.lost, t.duplicated, formatHeal(t)].map(String);
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

/** The rows as a plain-text table (first column left-aligned, the figures right-aligned), then per fault the answers clients retried, what was lost or duplicated and what became of the job schedulers. */
export function formatReport(rows: readonly ReportRow[]): string {
  const table = [[...COLUMNS], ...rows.map(cells)];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const lines = table.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd());
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) {
    const problems = [
      Object.keys(row.tally.failedAnswers).length > 0 ? `answers ${formatFailedAnswers(row.tally.failedAnswers)}` : '',
      row.tally.lost > 0 ? `lost ${byKind(row.tally.lostByKind)}` : '',
      row.tally.duplicated > 0 ? `duplicated ${byKind(row.tally.duplicatedByKind)}` : '',
      formatSchedulers(row.schedulers),
    ].filter(Boolean);
    if (problems.length > 0) lines.push(`${row.title}: ${problems.join('; ')}`);
  }
  return lines.join('\n');
}
