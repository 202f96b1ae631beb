// Every call to the Twilio API (not the control API, which the dev inbox polls) with what the
// emulator did about it, so a test can assert "the worker tried three times" without guessing.

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  query: string;
  /** null when the emulator dropped the connection without answering. */
  status: number | null;
  fault: 'outage' | 'next' | 'timeout' | null;
  /** A message create's form parameters (To, From, ValidityPeriod, ...) but Body; absent on other calls. */
  params?: Record<string, string>;
}

// Bounded because `npm run dev` may run for days; messages themselves are all kept.
const MAX_ENTRIES = 1000;

export interface RequestLog {
  add(entry: RequestLogEntry): void;
  /** Oldest first: the order the calls arrived in. */
  list(): RequestLogEntry[];
  clear(): void;
}

export function createRequestLog(): RequestLog {
  let entries: RequestLogEntry[] = [];
  return {
    add(entry) {
      entries.push(entry);
      if (entries.length > MAX_ENTRIES) entries = entries.slice(-MAX_ENTRIES);
    },
    list() {
      return [...entries];
    },
    clear() {
      entries = [];
    },
  };
}
