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

const ROOM_LABELS: Readonly<Record<(typeof ROOM_FLAGS)[number], string>> = {
  livingRoom: 'living room',
  diningRoom: 'dining room',
  kitchen: 'kitchen',
  office: 'office',
  laundryRoom: 'laundry room',
  basement: 'basement',
  garage: 'garage',
};

/** 'Kitchen, living room, 2 bathrooms, 3 bedrooms' for staff; null when nothing was ticked or the rooms are unreadable. */
export function describeRooms(value: unknown): string | null {
  const parsed = roomsSchema.safeParse(value ?? {});
  if (!parsed.success) return null;
  const r = parsed.data;
  const parts: string[] = ROOM_FLAGS.filter((f) => r[f]).map((f) => ROOM_LABELS[f]);
  const counted = (n: number, one: string, many: string) => (n > 0 ? [`${n} ${n === 1 ? one : many}`] : []);
  parts.push(
    ...counted(r.bathroomCount, 'bathroom', 'bathrooms'),
    ...counted(r.mainLevelBedrooms + r.topLevelBedrooms, 'bedroom', 'bedrooms'),
    ...counted(r.otherRooms, 'other room', 'other rooms'),
  );
  const text = parts.join(', ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}
