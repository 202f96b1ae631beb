// Every status callback the emulator posted, with what the receiving app answered, so a test (or
// a developer in the inbox) can see that a callback went out and whether it was accepted.

export interface CallbackLogEntry {
  at: string;
  sid: string;
  status: string;
  url: string;
  /** The app's HTTP status; null when the request failed (see error). */
  responseStatus: number | null;
  error: string | null;
}

// Bounded like the request log: `npm run dev` may run for days.
const MAX_ENTRIES = 1000;

export interface CallbackLog {
  add(entry: CallbackLogEntry): void;
  /** Oldest first. */
  list(): CallbackLogEntry[];
  clear(): void;
}

export function createCallbackLog(): CallbackLog {
  let entries: CallbackLogEntry[] = [];
  return {
    add(entry) {
      entries.push(entry);
      if (entries.length > MAX_ENTRIES) entries = entries.slice(-MAX_ENTRIES);
    },
    list: () => [...entries],
    clear() {
      entries = [];
    },
  };
}
