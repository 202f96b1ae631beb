/**
 * Records completed jobs on their outbox events (`completed_at`: the reconciler leaves them alone
 * from then on), as group commit writes bookings: the first completion is written at once, and
 * every one that comes while a write is in flight goes in the next write, one statement for all.
 * A drain after an outage completes thousands of jobs a minute (most of them find their booking
 * pushed in an earlier job's batch); a statement each cost the worker as much as their jobs did.
 *
 * Best effort, as before: a write that fails is logged and its ids are not retried. An event
 * whose mark is lost is still done by its contract or has its completed job in the queue store,
 * so the reconciler dispatches nothing again for it (reconciler.ts).
 */
export interface CompletionMarks {
  /** A job completed (its id is the outbox id for an outbox event's job; other ids are ignored by `mark`). */
  add(jobId: string): void;
  /** Resolves once every id added so far is written (or its write failed). */
  flush(): Promise<void>;
}

export function startCompletionMarks(mark: (ids: readonly string[]) => Promise<void>, onError: (error: unknown, ids: readonly string[]) => void): CompletionMarks {
  let pending: string[] = [];
  let writing: Promise<void> | undefined;
  const drain = async () => {
    while (pending.length > 0) {
      const ids = pending;
      pending = [];
      await mark(ids).catch((error: unknown) => onError(error, ids));
    }
    writing = undefined;
  };
  return {
    add(jobId) {
      pending.push(jobId);
      writing ??= drain();
    },
    flush: async () => {
      await writing;
    },
  };
}
