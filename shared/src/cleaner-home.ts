import { z } from 'zod';
import { HOME_SECRET_KINDS } from './home-profile';

/**
 * What My day (docs/product.md §6) shows of a cleaning's home and of the office's changes:
 * the home profile's plain fields, the entry codes by name only (a value is revealed one at a
 * time, on the day, and recorded: docs/home-profile.md), the office's phone, and the cleanings
 * the office took off the cleaner's list. One place for the payloads and the words people read.
 */

/** The button that reveals a code, per code (its accessible name starts with its visible words, WCAG 2.5.3). */
export const showCodeLabel = (label: string) => `Show code: ${label}`;
/** The button that hides a revealed code again, per code. */
export const hideCodeLabel = (label: string) => `Hide code: ${label}`;
/** What a code says before its cleaning's day. */
export const CODE_ON_THE_DAY = 'Shown on the day';
/** What a code says once its cleaning is done (the api refuses it then). */
export const CODE_CLEANING_DONE = 'Not shown: the cleaning is done';
/** The tel: link to the office. */
export const CALL_THE_OFFICE = 'Call the office';
/** Heading of the notices of what the office changed. */
export const OFFICE_CHANGES_TITLE = 'Changes from the office';
/** The button that dismisses one notice (its accessible name). */
export const DISMISS_CHANGE = 'Dismiss';

/** The refusals of POST /api/cleaner/deals/:dealId/codes/:secretId/reveal, as the page says them. */
export const CODE_NOT_ASSIGNED = 'This cleaning is no longer yours. Call the office.';
export const CODE_NOT_TODAY = 'Codes are shown only on the day of the cleaning.';
export const CODE_NOT_FOUND = 'This code was removed. Call the office.';

/** GET /api/cleaner/day?seen=: at most this many cleanings the page last showed, by id. */
export const SEEN_MAX = 20;
const SEEN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `seen=id,id`: the ids of the day's cleanings the page showed last, for the api to say where the missing ones went. */
export const seenIdsSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const ids = value ? value.split(',') : [];
    if (ids.length > SEEN_MAX || !ids.every((id) => SEEN_ID.test(id))) {
      ctx.addIssue({ code: 'custom', message: `Give at most ${SEEN_MAX} cleaning ids, separated by commas.` });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** The home profile's plain fields as the customer wrote them (null: not written). */
export const cleanerHomeSchema = z.object({
  accessInstructions: z.string().nullable(),
  parking: z.string().nullable(),
  pets: z.string().nullable(),
  careNotes: z.string().nullable(),
});
export type CleanerHome = z.output<typeof cleanerHomeSchema>;

/** An entry code by its name: never its value. */
export const cleanerCodeSchema = z.object({ id: z.string(), label: z.string(), kind: z.enum(HOME_SECRET_KINDS) });
export type CleanerCode = z.output<typeof cleanerCodeSchema>;

/** The fields each cleaning of the day carries about its home. */
export const cleanerHomeFields = {
  /** Null when the customer has written no home profile. */
  home: cleanerHomeSchema.nullable(),
  codes: z.array(cleanerCodeSchema),
  /** Whether the codes may be revealed now: the cleaning is scheduled and today (Eastern). */
  codesToday: z.boolean(),
};

/**
 * Why a cleaning is not (or no longer) on the cleaner's list of that day:
 * - canceled: still assigned to the cleaner, but canceled (always listed for the day);
 * - reassigned: the page showed it, and it is now another cleaner's or nobody's;
 * - moved: the page showed it, and it is still the cleaner's, on another day (`scheduledAt`);
 * - removed: the page showed it, and it is gone (deleted in HubSpot, or no longer a visit).
 */
export const REMOVAL_REASONS = ['canceled', 'reassigned', 'moved', 'removed'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

export const removedCleaningSchema = z.object({
  id: z.string(),
  reason: z.enum(REMOVAL_REASONS),
  /** Canceled: its time. Moved: its new time. Otherwise null (it is no longer the cleaner's to know). */
  scheduledAt: z.string().nullable(),
  /** Canceled only: the customer's first name. */
  customerFirstName: z.string().nullable(),
});
export type RemovedCleaning = z.output<typeof removedCleaningSchema>;

/** The fields of the day's answer about the office: its phone, and what left the list. */
export const cleanerDayOfficeFields = {
  /** The company's phone (E.164), for a tel: link. */
  officePhone: z.string(),
  removed: z.array(removedCleaningSchema),
};

/*
 * The notices of what the office changed (My day's live region), about a cleaning named by
 * `what`, e.g. "Pat's cleaning at 3:00 PM".
 */
export const movedNote = (what: string, from: string, to: string) => `${what} was moved from ${from} to ${to}.`;
export const reassignedNote = (what: string) => `${what} was given to another cleaner.`;
export const canceledNote = (what: string) => `${what} was canceled by the office.`;
export const removedNote = (what: string) => `${what} is no longer on your list. Call the office if you are unsure.`;
/** What a canceled cleaning on the list says. */
export const CANCELED_ON_LIST = 'Canceled by the office. Do not go.';
