import { describe, expect, it } from 'vitest';
import { sendableAt } from './quiet-hours';

describe('quiet hours', () => {
  it('lets a text go at once between 08:00 and 21:00 Eastern', () => {
    const noon = new Date('2026-12-01T17:00:00Z'); // 12:00 EST
    expect(sendableAt(noon)).toEqual(noon);
    const justBefore = new Date('2026-12-02T01:59:59Z'); // 20:59:59 EST
    expect(sendableAt(justBefore)).toEqual(justBefore);
  });

  it('holds a late-evening text until 08:00 the next morning', () => {
    expect(sendableAt(new Date('2026-12-02T02:00:00Z'))).toEqual(new Date('2026-12-02T13:00:00Z')); // 21:00 EST → 08:00 EST
    expect(sendableAt(new Date('2026-12-31T04:30:00Z'))).toEqual(new Date('2026-12-31T13:00:00Z')); // 23:30 on Dec 30
  });

  it('holds an early-morning text until 08:00 the same morning, in summer time too', () => {
    expect(sendableAt(new Date('2026-07-04T09:00:00Z'))).toEqual(new Date('2026-07-04T12:00:00Z')); // 05:00 EDT → 08:00 EDT
  });
});
