/** One row of a readiness check's table (`crm:setup --check`, `sms:check`). */
export interface CheckRow {
  subject: string;
  status: string;
  detail?: string | null | undefined;
}

/** The table the account checks print: what, status, detail, one row each, then the verdict. */
export function checkTable(rows: readonly CheckRow[], verdict: string): string {
  const width = Math.max(...rows.map((r) => r.subject.length), 10);
  const lines = rows.map((r) => `${r.subject.padEnd(width)}  ${r.status.padEnd(8)}  ${r.detail ?? ''}`.trimEnd());
  return [`${'what'.padEnd(width)}  status    detail`, ...lines, '', verdict].join('\n');
}
