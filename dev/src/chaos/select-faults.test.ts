import { describe, expect, it } from 'vitest';
import { selectFaults } from './select-faults';

describe('selectFaults', () => {
  it('runs every fault when none is named, else the named ones once each, in order', () => {
    expect(selectFaults([], 3)).toEqual([1, 2, 3]);
    expect(selectFaults(['3', '1', '3'], 3)).toEqual([1, 3]);
  });

  it('refuses anything but a fault number', () => {
    expect(() => selectFaults(['4'], 3)).toThrow('no fault 4');
    expect(() => selectFaults(['0', 'x', '--all'], 3)).toThrow('no fault 0, x, --all');
  });
});
