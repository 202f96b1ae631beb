import { CALENDAR_ASSIGNED_PREFIX, CALENDAR_DEFAULT_TITLE } from './texts';

/** Calendar entry texts of the Scheduled Cleanings Snapshot (§2). */
export function calendarEntryTitle(deal: { title?: string | null; address?: string | null }): string {
  const type = deal.title?.trim() || CALENDAR_DEFAULT_TITLE;
  return `${type} @ ${deal.address ?? ''}`;
}

export function calendarAssignedLine(owner: string | null | undefined): string {
  return `${CALENDAR_ASSIGNED_PREFIX}${owner ?? ''}`;
}
