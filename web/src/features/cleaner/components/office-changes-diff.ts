import { canceledNote, movedNote, reassignedNote, removedNote } from '@app/shared/cleaner-home';
import type { CleanerDay } from '@app/shared/cleaner-day';
import { STAGE } from '@app/shared/deal-stages';
import { easternToday } from '@app/shared/eastern-time';
import { calendarDateLabel, easternClock } from './day-format';

/**
 * What the office changed since the cleaner last looked, as a pure function of the cleanings the
 * page showed last (`seen`) and a day's new answer. The page keeps `seen` for the tab
 * (sessionStorage: ids, times, stages and first names, never a code) and sends the day's ids
 * with its next request, so the api can say where the missing ones went.
 */

/** A cleaning as the page showed it last. */
export interface SeenCleaning {
  id: string;
  /** The Eastern day whose list showed it. */
  date: string;
  scheduledAt: string;
  stageId: string;
  customerFirstName: string | null;
}
export type SeenCleanings = Readonly<Record<string, SeenCleaning>>;

export interface OfficeChange {
  /** Stable for the same change, so two answers telling it give one notice. */
  key: string;
  text: string;
}

/** "Pat's cleaning at 3:00 PM". */
export function cleaningName(c: Pick<SeenCleaning, 'scheduledAt' | 'customerFirstName'>): string {
  return `${c.customerFirstName ?? 'The customer'}'s cleaning at ${easternClock(c.scheduledAt)}`;
}

/** "3:00 PM" on the same Eastern day as `other`, else "Friday, December 11, 3:00 PM". */
function when(iso: string, other: string): string {
  const day = easternToday(new Date(iso));
  return day === easternToday(new Date(other)) ? easternClock(iso) : `${calendarDateLabel(day)}, ${easternClock(iso)}`;
}

/** The ids of the day's cleanings the page showed last (for `seen=`). */
export function seenIdsOf(seen: SeenCleanings, date: string): string[] {
  return Object.values(seen)
    .filter((c) => c.date === date)
    .map((c) => c.id);
}

/**
 * The changes a day's answer tells against what the page showed, and what the page has seen
 * after it: the day's entries replaced by its answer (listed and canceled cleanings), the other
 * day's kept. Nothing is told about a cleaning the page had never shown.
 */
export function officeChanges(seen: SeenCleanings, day: CleanerDay): { changes: OfficeChange[]; next: Record<string, SeenCleaning> } {
  const changes: OfficeChange[] = [];
  const next: Record<string, SeenCleaning> = {};
  for (const entry of Object.values(seen)) if (entry.date !== day.date) next[entry.id] = entry;

  for (const c of day.cleanings) {
    const before = seen[c.id];
    if (before && before.scheduledAt !== c.scheduledAt) {
      changes.push({ key: `${c.id}:moved:${c.scheduledAt}`, text: movedNote(cleaningName(before), when(before.scheduledAt, c.scheduledAt), when(c.scheduledAt, before.scheduledAt)) });
    }
    next[c.id] = { id: c.id, date: day.date, scheduledAt: c.scheduledAt, stageId: c.stageId, customerFirstName: c.customerFirstName };
  }
  for (const r of day.removed) {
    const before = seen[r.id];
    if (r.reason === 'canceled') {
      const scheduledAt = r.scheduledAt ?? before?.scheduledAt;
      if (before && before.stageId !== STAGE.CANCELED) changes.push({ key: `${r.id}:canceled`, text: canceledNote(cleaningName(before)) });
      // Canceled, listed on its day: seen as such, so it is told once.
      if (scheduledAt && easternToday(new Date(scheduledAt)) === day.date) {
        next[r.id] = { id: r.id, date: day.date, scheduledAt, stageId: STAGE.CANCELED, customerFirstName: r.customerFirstName ?? before?.customerFirstName ?? null };
      }
      continue;
    }
    if (!before) continue;
    if (r.reason === 'moved' && r.scheduledAt) {
      changes.push({ key: `${r.id}:moved:${r.scheduledAt}`, text: movedNote(cleaningName(before), when(before.scheduledAt, r.scheduledAt), when(r.scheduledAt, before.scheduledAt)) });
    } else if (r.reason === 'reassigned') {
      changes.push({ key: `${r.id}:reassigned`, text: reassignedNote(cleaningName(before)) });
    } else {
      changes.push({ key: `${r.id}:removed`, text: removedNote(cleaningName(before)) });
    }
    // Moved to the other day: its list tells it from now on; otherwise it is gone.
    if (next[r.id]?.date === day.date) delete next[r.id];
  }
  return { changes, next };
}
