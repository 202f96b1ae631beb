import { describe, expect, it } from 'vitest';
import { sortBatchAnswer, type BatchError } from './batch-outcome';

type Result = { id: string; key?: string };
const sort = (keys: string[], results: Result[], errors: BatchError[]) =>
  sortBatchAnswer(keys, results, errors, (r) => r.key, (r) => r.id);

describe('sortBatchAnswer', () => {
  it('counts an input as written only when a result names it', () => {
    const outcome = sort(['a', 'b'], [{ id: '1', key: 'a' }, { id: '9', key: 'stranger' }], []);
    expect([...outcome.ids]).toEqual([['a', '1']]);
    expect(outcome.failures.get('b')).toEqual({ message: 'HubSpot answered without a result for this input', permanent: false });
  });

  it('gives each error to the inputs it names: refused values are permanent, conflicts are to be read back, the rest retryable', () => {
    const outcome = sort(
      ['a', 'b', 'c', 'd'],
      [{ id: '1', key: 'a' }],
      [
        { category: 'VALIDATION_ERROR', message: 'Property values were not valid', context: { objectWriteTraceId: ['b'] } },
        { category: 'CONFLICT', message: 'already exists', context: { objectWriteTraceId: ['c'] } },
        { category: 'INTERNAL_ERROR', message: 'try again', context: { ids: ['d'] } },
      ],
    );
    expect(outcome.failures.get('b')).toEqual({ message: 'VALIDATION_ERROR: Property values were not valid', permanent: true });
    expect([...outcome.conflicts]).toEqual(['c']);
    expect(outcome.failures.get('d')).toEqual({ message: 'INTERNAL_ERROR: try again', permanent: false });
  });

  it('an error naming nobody belongs to the one input left over, and only then', () => {
    const one = sort(['a', 'b'], [{ id: '1', key: 'a' }], [{ category: 'VALIDATION_ERROR', message: 'bad phone' }]);
    expect(one.failures.get('b')?.permanent).toBe(true);
    const two = sort(['a', 'b'], [], [{ category: 'VALIDATION_ERROR', message: 'bad phone' }]);
    expect(two.failures.get('a')).toEqual({ message: 'HubSpot answered without a result for this input (VALIDATION_ERROR: bad phone)', permanent: false });
    expect(two.failures.get('b')?.permanent).toBe(false);
  });
});
