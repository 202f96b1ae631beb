export interface RequestLogEntry {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The query string with its '?', or ''. */
  query: string;
  /** HTTP status answered; 0 when the socket was dropped (timeout fault). */
  status: number;
  /** When the request arrived, epoch milliseconds. */
  at: number;
  /** Set when an injected fault answered instead of the CRM. */
  fault?: 'outage' | 'status' | 'timeout';
}

const MAX_ENTRIES = 10_000;

/** Every CRM call (not control calls), so tests can assert what the SDK really sent. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  list(since?: number): RequestLogEntry[] {
    return this.entries.filter((e) => since === undefined || e.at >= since).map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
