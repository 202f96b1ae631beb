import { describe, expect, it } from 'vitest';
import { createGroupCommit, isPostgresDataError } from './group-commit';

/** A write we settle by hand, recording every batch it was given. */
function controlledWrite() {
  const batches: number[][] = [];
  const pending: { items: number[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const write = (items: readonly number[]) =>
    new Promise<readonly string[]>((resolve, reject) => {
      batches.push([...items]);
      pending.push({ items: [...items], resolve: () => resolve(items.map((n) => `row ${n}`)), reject });
    });
  return { batches, pending, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('writes at once while a slot is free, and gathers what arrives meanwhile into the next batch', async () => {
    const { batches, pending, write } = controlledWrite();
    const submit = createGroupCommit({ write, maxInFlight: 1, maxBatch: 10, isItemError: () => false });
    const first = submit(1);
    const rest = [2, 3, 4].map((n) => submit(n));
    expect(batches).toEqual([[1]]);
    pending[0]!.resolve();
    expect(await first).toBe('row 1');
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    pending[1]!.resolve();
    expect(await Promise.all(rest)).toEqual(['row 2', 'row 3', 'row 4']);
  });

  it('keeps batches within maxBatch and runs at most maxInFlight at once', async () => {
    const { batches, pending, write } = controlledWrite();
    const submit = createGroupCommit({ write, maxInFlight: 2, maxBatch: 2, isItemError: () => false });
    const all = [1, 2, 3, 4, 5, 6].map((n) => submit(n));
    expect(batches).toEqual([[1], [2]]);
    pending[0]!.resolve();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    pending[1]!.resolve();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4], [5, 6]]);
    pending[2]!.resolve();
    pending[3]!.resolve();
    expect(await Promise.all(all)).toHaveLength(6);
  });

  it("after a data error writes each item alone, so only the culprit's caller fails", async () => {
    const written: number[][] = [];
    const submit = createGroupCommit<number, number>({
      maxInFlight: 1,
      maxBatch: 10,
      isItemError: (error) => error instanceof RangeError,
      write: async (items) => {
        written.push([...items]);
        await tick();
        if (items.includes(13)) throw new RangeError('bad value 13');
        return items.map((n) => n * 2);
      },
    });
    const first = submit(1);
    const results = await Promise.allSettled([first, submit(12), submit(13), submit(14)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([2, 24, 'bad value 13', 28]);
    expect(written).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
  });

  it('fails the whole batch as it is on any other error (its outcome may be unknown): nothing is written twice', async () => {
    const written: number[][] = [];
    const submit = createGroupCommit<number, number>({
      maxInFlight: 1,
      maxBatch: 10,
      isItemError: () => false,
      write: async (items) => {
        written.push([...items]);
        await tick();
        if (items.length > 1) throw new Error('connection terminated');
        return items;
      },
    });
    const results = await Promise.allSettled([submit(1), submit(2), submit(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(written).toEqual([[1], [2, 3]]);
  });

  it('knows the Postgres errors one row causes: data exceptions and constraint violations', () => {
    expect(isPostgresDataError({ code: '23505' })).toBe(true); // unique violation
    expect(isPostgresDataError({ code: '22007' })).toBe(true); // invalid datetime format
    expect(isPostgresDataError({ code: '57P01' })).toBe(false); // admin shutdown
    expect(isPostgresDataError({ code: '08006' })).toBe(false); // connection failure
    expect(isPostgresDataError(new Error('socket hang up'))).toBe(false);
    expect(isPostgresDataError(null)).toBe(false);
  });
});
