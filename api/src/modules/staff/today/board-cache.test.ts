import { describe, expect, it } from 'vitest';
import { createSharedComputation } from './board-cache';

describe('createSharedComputation', () => {
  it('computes once per key, shares it with everyone asking meanwhile, and computes again for a new key', async () => {
    const shared = createSharedComputation<number>();
    let runs = 0;
    const compute = async () => ++runs;
    expect(await Promise.all([shared.get('v1', compute), shared.get('v1', compute), shared.get('v1', compute)])).toEqual([1, 1, 1]);
    expect(await shared.get('v1', compute)).toBe(1);
    expect(await shared.get('v2', compute)).toBe(2);
    expect(await shared.get('v1', compute)).toBe(3);
  });

  it('keeps no failure: the next request for the same key computes again', async () => {
    const shared = createSharedComputation<string>();
    await expect(shared.get('v1', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await shared.get('v1', async () => 'ok')).toBe('ok');
  });
});
