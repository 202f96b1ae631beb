import { z } from 'zod';
import { cleanerDayOfficeFields, cleanerHomeFields, seenIdsSchema } from './cleaner-home';
import { CHECKLIST_FAMILIES, visitChecklistSchema } from './cleaning-checklists';
import { visitViewSchema } from './cleaning-visit';
import { addDays, easternToday, isCalendarDate } from './eastern-time';

/**
 * The cleaner's side of the product (docs/product.md §6, docs/sessions.md): a staff sign-in
 * whose e-mail matches an active HubSpot owner marked as a cleaner on the Cleaner Roster sees
 * only their own cleanings, today's and tomorrow's (Eastern Time), and no office page.
 */

/** Heading of /cleaner. */
export const MY_DAY_TITLE = 'My day';
/** What every office page shows a cleaner instead of its tools (the api refuses them with 403). */
export const OFFICE_ONLY_PAGE = 'This page is for the office.';
/** What /cleaner shows a signed-in office staff member (the api refuses them with 403). */
export const CLEANERS_ONLY_PAGE = 'This page is for cleaners.';
/** The day query names a day other than today or tomorrow. */
export const CLEANER_DAY_OUT_OF_RANGE = 'Choose today or tomorrow (Eastern Time).';
/** The roster setting's label, per owner (an accessible switch on the Cleaner Roster). */
export const isCleanerLabel = (ownerName: string) => `${ownerName} is a cleaner`;

/** The days a cleaner may look at: today and tomorrow in Eastern Time. */
export function cleanerDays(now: Date): readonly [today: string, tomorrow: string] {
  const today = easternToday(now);
  return [today, addDays(today, 1)];
}

/** GET /api/cleaner/day?date=&seen=: today or tomorrow, 400 naming `date` otherwise (default today); `seen` (shared/src/cleaner-home.ts). */
export function cleanerDayQuerySchema(now: () => Date) {
  return z.strictObject({
    date: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const days = cleanerDays(now());
        const date = value ?? days[0];
        if (!isCalendarDate(date) || !days.includes(date)) {
          ctx.addIssue({ code: 'custom', message: CLEANER_DAY_OUT_OF_RANGE });
          return z.NEVER;
        }
        return date;
      }),
    seen: seenIdsSchema,
  });
}

/** GET /api/cleaner/me: who the cleaner is, and the days they may ask for (Eastern, server's clock). */
export const cleanerMeSchema = z.object({
  name: z.string(),
  email: z.string(),
  ownerId: z.string(),
  days: z.tuple([z.string(), z.string()]),
});
export type CleanerMe = z.output<typeof cleanerMeSchema>;

/** One cleaning on a cleaner's day: what they need at the door, nothing more (first name only). */
export const cleanerCleaningSchema = z.object({
  id: z.string(),
  scheduledAt: z.string(),
  durationMinutes: z.number().nullable(),
  service: z.string(),
  customerFirstName: z.string().nullable(),
  address: z.string().nullable(),
  /** A map search for the address (opens the phone's maps app). */
  mapUrl: z.string().nullable(),
  rooms: z.string().nullable(),
  addOns: z.array(z.string()),
  /** The customer's own words from the booking. */
  notes: z.string().nullable(),
  stageId: z.string(),
  stageLabel: z.string(),
  ...cleanerHomeFields,
  /** Where the cleaning stands: on my way, started, done (docs/cleaner-day.md). */
  visit: visitViewSchema,
  /** The service's checklist family (cleaning-checklists.ts). */
  checklistFamily: z.enum(CHECKLIST_FAMILIES),
  /** The visit's own checklist, shown from Start on: the service's items, the paid add-ons, the rooms listed. */
  checklist: visitChecklistSchema.optional(),
  /** The items ticked so far, kept by the api as the cleaner goes. */
  ticked: z.array(z.string()).default([]),
  /** Photos the cleaning has (docs/cleaner-day.md#photos), so a reloaded page still counts them. */
  photoCount: z.number().int().default(0),
});
export type CleanerCleaning = z.output<typeof cleanerCleaningSchema>;

/** GET /api/cleaner/day: the day asked for and the cleaner's cleanings on it, in time order. */
export const cleanerDaySchema = z.object({ date: z.string(), cleanings: z.array(cleanerCleaningSchema), ...cleanerDayOfficeFields });
export type CleanerDay = z.output<typeof cleanerDaySchema>;

/** A map search for an address (Google Maps' documented search URL). */
export function mapSearchUrl(address: string | null): string | null {
  return address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : null;
}
