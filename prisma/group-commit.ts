/**
 * Group commit in the application: concurrent callers' rows are written together, in one
 * statement and one transaction, and each caller's promise settles once that transaction has
 * committed (or failed). Nothing is acknowledged before it is durable.
 *
 * There is no timer. A row is written at once while fewer than `maxInFlight` batches are
 * running; otherwise it waits for the next free slot and goes with every row that arrived
 * meanwhile (up to `maxBatch`). So an idle system adds no delay, and a busy one pays one
 * round trip, one statement and one commit for many rows.
 */
export interface GroupCommitOptions<I, O> {
  /** Writes the items atomically; resolves with one result per item, in the same order. */
  write(items: readonly I[]): Promise<readonly O[]>;
  /** Batches written at the same time (each holds one database connection while it runs). */
  maxInFlight: number;
  maxBatch: number;
  /**
   * Errors caused by one item's data (a constraint or a bad value), after which each item of
   * the batch is written alone so only the culprit fails. Any other error (connection lost,
   * database down) fails the whole batch as it is: its outcome may be unknown, and writing the
   * items again could write them twice.
   */
  isItemError(error: unknown): boolean;
}

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(error: unknown): void;
}

export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): (item: I) => Promise<O> {
  const { write, maxInFlight, maxBatch, isItemError } = options;
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;

  async function writeBatch(batch: readonly Waiting<I, O>[]): Promise<void> {
    try {
      const results = await write(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
      batch.forEach((w, i) => w.resolve(results[i] as O));
    } catch (error) {
      if (batch.length === 1 || !isItemError(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      await Promise.all(batch.map((w) => writeBatch([w])));
    }
  }

  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      inFlight++;
      void writeBatch(queue.splice(0, maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}

/**
 * Postgres errors that one row's data causes: class 22 (data exception) and 23 (integrity
 * constraint violation). Everything else concerns the connection or the server.
 */
export function isPostgresDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
