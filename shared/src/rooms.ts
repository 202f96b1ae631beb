import { z } from 'zod';
import { ROOM_COUNT_ERROR } from './texts';

/**
 * Rooms of a booking (§3). Every field defaults (false / 0) so a form that shows only some
 * rooms still sends a valid object. Counts are bounded: nobody books 500 bathrooms, and an
 * absurd number is far more likely a typo than a mansion.
 */
export const ROOM_FLAGS = ['livingRoom', 'diningRoom', 'kitchen', 'office', 'laundryRoom', 'basement', 'garage'] as const;
export const ROOM_COUNT_MAX = {
  bathroomCount: 10,
  mainLevelBedrooms: 10,
  topLevelBedrooms: 10,
  otherRooms: 20,
} as const;
export type RoomCountField = keyof typeof ROOM_COUNT_MAX;

const flag = z.boolean().default(false);
const count = (max: number) =>
  z.number({ error: ROOM_COUNT_ERROR }).int({ error: ROOM_COUNT_ERROR }).min(0, { error: ROOM_COUNT_ERROR }).max(max, { error: ROOM_COUNT_ERROR }).default(0);

/** The JSON payload form: real booleans and numbers. A missing rooms object means no rooms ticked. */
export const roomsSchema = z
  .object({
    livingRoom: flag,
    diningRoom: flag,
    kitchen: flag,
    office: flag,
    laundryRoom: flag,
    basement: flag,
    garage: flag,
    bathroomCount: count(ROOM_COUNT_MAX.bathroomCount),
    mainLevelBedrooms: count(ROOM_COUNT_MAX.mainLevelBedrooms),
    topLevelBedrooms: count(ROOM_COUNT_MAX.topLevelBedrooms),
    otherRooms: count(ROOM_COUNT_MAX.otherRooms),
  })
  .strict()
  .prefault({});
export type Rooms = z.output<typeof roomsSchema>;

/** Number inputs hand over strings; '' means 0. Anything non-numeric stays and fails the count check. */
const countInput = (max: number) =>
  z.preprocess((v) => (v === '' || v == null ? 0 : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), count(max));

/** The browser form's rooms: same rules, counts may arrive as strings from number inputs. */
export const roomsFormSchema = roomsSchema.unwrap().extend({
  bathroomCount: countInput(ROOM_COUNT_MAX.bathroomCount),
  mainLevelBedrooms: countInput(ROOM_COUNT_MAX.mainLevelBedrooms),
  topLevelBedrooms: countInput(ROOM_COUNT_MAX.topLevelBedrooms),
  otherRooms: countInput(ROOM_COUNT_MAX.otherRooms),
}).prefault({});

export const NO_ROOMS: Rooms = Object.freeze(roomsSchema.parse({}));
