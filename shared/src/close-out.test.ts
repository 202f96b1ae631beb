import { describe, expect, it } from 'vitest';
import { CLOSE_OUT_STAGE, closeOutRefusal, closeOutSchema, NOT_SCHEDULED, TOO_EARLY } from './close-out';
import { STAGE } from './deal-stages';

describe('closing out a cleaning', () => {
  const now = new Date('2026-12-03T15:00:00.000Z'); // 10 AM Eastern on the 3rd

  it('is allowed from the cleaning day on, in Eastern Time', () => {
    expect(closeOutRefusal(STAGE.CLEANING_SCHEDULED, new Date('2026-12-03T22:00:00.000Z'), now)).toBeNull();
    expect(closeOutRefusal(STAGE.CLEANING_SCHEDULED, new Date('2026-12-01T14:00:00.000Z'), now)).toBeNull();
    // 8 PM Eastern on the 3rd is the 4th in UTC: still today.
    expect(closeOutRefusal(STAGE.CLEANING_SCHEDULED, new Date('2026-12-04T01:00:00.000Z'), now)).toBeNull();
    expect(closeOutRefusal(STAGE.CLEANING_SCHEDULED, new Date('2026-12-04T14:00:00.000Z'), now)).toBe(TOO_EARLY);
  });

  it('is only for a scheduled cleaning', () => {
    expect(closeOutRefusal(STAGE.SCHEDULING_IN_PROGRESS, new Date('2026-12-03T14:00:00.000Z'), now)).toBe(NOT_SCHEDULED);
    expect(closeOutRefusal(STAGE.CLEANING_SCHEDULED, null, now)).toBe(NOT_SCHEDULED);
  });

  it('ends a done cleaning in Cleaning Done, a no-show and a same-day cancellation in Canceled', () => {
    expect(CLOSE_OUT_STAGE).toEqual({ done: STAGE.CLEANING_DONE, 'no-show': STAGE.CANCELED, 'canceled-on-the-day': STAGE.CANCELED });
  });

  it('names the outcome field when it is not one of the three', () => {
    const result = closeOutSchema.safeParse({ outcome: 'late', seenModifiedAt: null });
    expect(result.error?.issues[0]).toMatchObject({ path: ['outcome'], message: 'Choose done, no-show or canceled on the day.' });
  });
});
