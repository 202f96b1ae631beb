import { describe, expect, it } from 'vitest';
import { startCompletionMarks } from './completions';

/** A mark function whose writes end when the test says so. */
function controlledWrites() {
  const writes: { ids: readonly string[]; end: (error?: Error) => void }[] = [];
  const mark = (ids: readonly string[]) =>
    new Promise<void>((resolve, reject) => {
      writes.push({ ids: [...ids], end: (error) => (error ? reject(error) : resolve()) });
    });
  return { writes, mark };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('completed jobs recorded on their outbox events', () => {
  it('writes the first at once, and all that complete meanwhile in one next write', async () => {
    const { writes, mark } = controlledWrites();
    const marks = startCompletionMarks(mark, () => {});
    marks.add('a');
    expect(writes.map((w) => w.ids)).toEqual([['a']]);
    for (const id of ['b', 'c', 'd']) marks.add(id);
    // One write at a time: the others wait for it, and then go together.
    expect(writes).toHaveLength(1);
    writes[0]!.end();
    await turn();
    expect(writes.map((w) => w.ids)).toEqual([['a'], ['b', 'c', 'd']]);
    writes[1]!.end();
    await marks.flush();
    expect(writes).toHaveLength(2);
  });

  it('flush waits for every id added so far, and the next completion starts a write again', async () => {
    const { writes, mark } = controlledWrites();
    const marks = startCompletionMarks(mark, () => {});
    marks.add('a');
    marks.add('b');
    let flushed = false;
    const flushing = marks.flush().then(() => (flushed = true));
    writes[0]!.end();
    await turn();
    expect(flushed).toBe(false);
    writes[1]!.end();
    await flushing;
    expect(flushed).toBe(true);
    marks.add('c');
    expect(writes.map((w) => w.ids)).toEqual([['a'], ['b'], ['c']]);
    writes[2]!.end();
    await marks.flush();
  });

  it('reports a failed write with its ids and goes on with the next ones', async () => {
    const { writes, mark } = controlledWrites();
    const failed: (readonly string[])[] = [];
    const marks = startCompletionMarks(mark, (_error, ids) => failed.push(ids));
    marks.add('a');
    marks.add('b');
    writes[0]!.end(new Error('connection ended'));
    await turn();
    expect(failed).toEqual([['a']]);
    expect(writes.map((w) => w.ids)).toEqual([['a'], ['b']]);
    writes[1]!.end();
    await marks.flush();
    expect(failed).toEqual([['a']]);
  });
});
