import { formatCalendarDay, formatEastern, formatEasternClock, formatEasternDay } from '@app/shared/eastern-time';
import type { BoardDeal, RequestKind } from '@app/shared/staff-board';
import { CLIENT_ROUTES } from '@app/shared/routes';

/** '10:00 AM' in Eastern Time. */
export function easternClock(iso: string): string {
  return formatEastern(new Date(iso)).split(' at ')[1] ?? iso;
}

/** When the cleaning is: its appointment ('Tue, Dec 8, 10:00 AM ET'), else what the customer asked for, else that none is set. */
export function cleaningWhen(deal: Pick<BoardDeal, 'scheduledAt' | 'preferredDate' | 'timeOfDay'>): string {
  if (deal.scheduledAt) return `${formatEasternDay(new Date(deal.scheduledAt))}, ${formatEasternClock(new Date(deal.scheduledAt))}`;
  if (deal.preferredDate) return `asked for ${formatCalendarDay(deal.preferredDate)}${deal.timeOfDay ? `, ${deal.timeOfDay}` : ''}`;
  return 'no date yet';
}

/** How long someone has waited since `iso`: '45 min', '5 h', '3 days'. */
export function waitedSince(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** The customer page of the staff area (the lookup, opened on that customer). */
/** A cleaning's own page in the staff area. */
export function cleaningPath(dealId: string): string {
  return `${CLIENT_ROUTES.adminCleaning}?id=${encodeURIComponent(dealId)}`;
}

export function customerPath(contactId: string): string {
  return `${CLIENT_ROUTES.adminLookup}?customer=${encodeURIComponent(contactId)}`;
}

/** What the customer asked, in one line: 'Change service type: bigger house', 'Missed: the oven'; '' when they gave nothing. */
export function requestWords({ kind, changeType, reason }: { kind: RequestKind; changeType: string | null; reason: string | null }): string {
  if (kind === 'reclean') return reason ? `Missed: ${reason}` : '';
  return [changeType, reason].filter(Boolean).join(': ');
}

/** The thread of a number that belongs to no customer (the lookup, opened on it). */
export function unknownNumberPath(phone: string): string {
  return `${CLIENT_ROUTES.adminLookup}?phone=${encodeURIComponent(phone)}`;
}
