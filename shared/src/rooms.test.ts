import { describe, expect, it } from 'vitest';
import { describeRooms } from './rooms';

describe('describeRooms', () => {
  it('lists the ticked rooms, then the counted ones, as one sentence', () => {
    expect(describeRooms({ kitchen: true, livingRoom: true, bathroomCount: 1, mainLevelBedrooms: 1, topLevelBedrooms: 1, otherRooms: 2 })).toBe(
      'Living room, kitchen, 1 bathroom, 2 bedrooms, 2 other rooms',
    );
  });

  it('is null when nothing was ticked, nothing was stored, or the stored rooms are unreadable', () => {
    expect(describeRooms({})).toBeNull();
    expect(describeRooms(null)).toBeNull();
    expect(describeRooms({ bathroomCount: 'many' })).toBeNull();
  });
});
