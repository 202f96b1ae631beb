import { z } from 'zod';
import { easternWallTime } from './eastern-time';
import { STAGE } from './deal-stages';

/**
 * On my way, started, done (docs/cleaner-day.md): what a cleaner taps on My day, and the live
 * state the office sees on the today board and the calendar.
 */

/** The minutes to arrive a cleaner may choose with "On my way". */
export const ETA_MINUTES = [5, 10, 15, 20, 30, 45, 60] as const;
export type EtaMinutes = (typeof ETA_MINUTES)[number];

/** The minutes "On my way" sends when the cleaner does not change them: one tap. */
export const ETA_DEFAULT_MINUTES = 15 satisfies EtaMinutes;

/** The refusal of any other number of minutes. */
export const ETA_MINUTES_NEEDED = `Choose ${ETA_MINUTES.slice(0, -1).join(', ')} or ${ETA_MINUTES.at(-1)} minutes.`;

/** POST /api/cleaner/deals/:id/on-my-way: `minutes` optional, ETA_DEFAULT_MINUTES without. */
export const onMyWaySchema = z.strictObject({
  minutes: z
    .number({ message: ETA_MINUTES_NEEDED })
    .refine((m): m is EtaMinutes => (ETA_MINUTES as readonly number[]).includes(m), { message: ETA_MINUTES_NEEDED })
    .default(ETA_DEFAULT_MINUTES),
});
export type OnMyWayInput = z.infer<typeof onMyWaySchema>;

/** A cleaning counts as late when nobody has started it this long after its start. */
export const LATE_AFTER_MINUTES = 15;

const MINUTE_MS = 60_000;

/**
 * The window the customer is told: the minutes chosen from the tap, give or take 5 minutes (10
 * from 30 minutes on), never before the tap, on whole minutes (start rounded down, end up).
 */
export function arrivalWindow(tappedAt: Date, minutes: number): { from: Date; to: Date } {
  const margin = (minutes < 30 ? 5 : 10) * MINUTE_MS;
  const center = tappedAt.getTime() + minutes * MINUTE_MS;
  const from = Math.floor(Math.max(tappedAt.getTime(), center - margin) / MINUTE_MS) * MINUTE_MS;
  const to = Math.ceil((center + margin) / MINUTE_MS) * MINUTE_MS;
  return { from: new Date(from), to: new Date(to) };
}

/** '9:05 AM': a time of day in Atlanta, with AM/PM (the customer's text says both ends so). */
export function easternHourMinute(at: Date): string {
  const w = easternWallTime(at);
  return `${w.hour % 12 === 0 ? 12 : w.hour % 12}:${String(w.minute).padStart(2, '0')} ${w.hour < 12 ? 'AM' : 'PM'}`;
}

export const VISIT_STATES = ['not_started', 'on_the_way', 'in_progress', 'done', 'late'] as const;
export type VisitState = (typeof VISIT_STATES)[number];

export const VISIT_STATE_LABELS: Readonly<Record<VisitState, string>> = {
  not_started: 'Not started',
  on_the_way: 'On the way',
  in_progress: 'In progress',
  done: 'Done',
  late: 'Late',
};

/** The taps a visit holds (its row, or nothing yet). */
export interface VisitTaps {
  onMyWayAt: Date | null;
  startedAt: Date | null;
  doneAt: Date | null;
}

/**
 * Where a cleaning stands at `now`: done once the cleaner tapped Done or the deal reached
 * Cleaning Done (the office's close-out); in progress once started; late when no start is
 * recorded 15 minutes (exactly, or more) after its scheduled start, even when the cleaner said
 * they are on the way (the label then says so: "Late, on the way"); on the way after the tap;
 * otherwise not started.
 */
export function visitState({ visit, scheduledAt, stage, now }: { visit: VisitTaps | null; scheduledAt: Date | null; stage: string; now: Date }): VisitState {
  if (visit?.doneAt || stage === STAGE.CLEANING_DONE) return 'done';
  if (visit?.startedAt) return 'in_progress';
  if (scheduledAt && now.getTime() >= scheduledAt.getTime() + LATE_AFTER_MINUTES * MINUTE_MS) return 'late';
  if (visit?.onMyWayAt) return 'on_the_way';
  return 'not_started';
}

/** The state as the office reads it: "Late, on the way" for a late cleaning whose cleaner is on the way. */
export function visitStateLabel(state: VisitState, visit: VisitTaps | null): string {
  return state === 'late' && visit?.onMyWayAt ? 'Late, on the way' : VISIT_STATE_LABELS[state];
}

/** A cleaning's visit as My day, the today board and the calendar show it (ISO instants). */
export const visitViewSchema = z.object({
  state: z.enum(VISIT_STATES),
  stateLabel: z.string(),
  onMyWayAt: z.string().nullable(),
  etaMinutes: z.number().int().nullable(),
  /** The window the customer was told (null before "On my way"). */
  arrival: z.object({ from: z.string(), to: z.string() }).nullable(),
  startedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  /** Done without a Start tap: the start was recorded as the done time. */
  startedWithDone: z.boolean(),
});
export type VisitView = z.output<typeof visitViewSchema>;

/** The visit columns a read model selects. */
export interface VisitRow extends VisitTaps {
  etaMinutes: number | null;
}

/** The view of a cleaning's visit at `now`. */
export function visitView(visit: VisitRow | null, deal: { scheduledAt: Date | null; stageId: string }, now: Date): VisitView {
  const state = visitState({ visit, scheduledAt: deal.scheduledAt, stage: deal.stageId, now });
  const arrival = visit?.onMyWayAt && visit.etaMinutes ? arrivalWindow(visit.onMyWayAt, visit.etaMinutes) : null;
  return {
    state,
    stateLabel: visitStateLabel(state, visit),
    onMyWayAt: visit?.onMyWayAt?.toISOString() ?? null,
    etaMinutes: visit?.onMyWayAt ? visit.etaMinutes : null,
    arrival: arrival ? { from: arrival.from.toISOString(), to: arrival.to.toISOString() } : null,
    startedAt: visit?.startedAt?.toISOString() ?? null,
    doneAt: visit?.doneAt?.toISOString() ?? null,
    startedWithDone: Boolean(visit?.doneAt && visit.startedAt && visit.startedAt.getTime() === visit.doneAt.getTime()),
  };
}

/** Late cleanings first (in time order), then the others as they came. */
export function lateFirst<T extends { visit: { state: VisitState } }>(cleanings: readonly T[]): T[] {
  return [...cleanings.filter((c) => c.visit.state === 'late'), ...cleanings.filter((c) => c.visit.state !== 'late')];
}

/** The answer of each tap: the visit as it now stands, and for "On my way" whether the customer is texted. */
export const visitActionResultSchema = z.object({
  visit: visitViewSchema,
  /** On my way: the text was written (false: the phone opted out, did not agree, has no phone, or it is too late to be useful). */
  texted: z.boolean().optional(),
});
export type VisitActionResult = z.output<typeof visitActionResultSchema>;

/** Refusals (409) of the taps, with their codes. */
export const VISIT_NOT_TODAY = { code: 'visit_not_today', message: 'This cleaning is not today. You can update it on its day (Eastern Time).' } as const;
export const VISIT_NOT_SCHEDULED = { code: 'visit_not_scheduled', message: 'This cleaning is no longer scheduled. Please call the office.' } as const;
export const VISIT_OFFICE_BUSY = { code: 'command_pending', message: 'The office is changing this cleaning right now. Try again in a minute.' } as const;
