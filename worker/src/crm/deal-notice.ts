import { STAGE } from '@app/shared/deal-stages';

export interface DealMoment {
  stageId: string;
  scheduledAt: Date | null;
}

export interface DealNotice {
  kind: 'cleaning_confirmed' | 'rescheduled';
  /** The appointment the text is about; also part of its dedupe key. */
  scheduledAt: Date;
}

/**
 * Which text a change of a mirrored deal calls for, from the row as it was and as HubSpot has it
 * now: reaching Cleaning Scheduled with a date confirms the cleaning; a new date while scheduled
 * moves it (a first date on a deal already at that stage confirms it). Nothing for a cleaning
 * already past, and nothing for a deal seen for the first time (the first pull of an existing
 * account must not text every customer at once).
 */
export function dealNoticeFor(before: DealMoment, after: DealMoment, now: Date): DealNotice | null {
  if (after.stageId !== STAGE.CLEANING_SCHEDULED || after.scheduledAt === null) return null;
  if (after.scheduledAt.getTime() <= now.getTime()) return null;
  const wasScheduled = before.stageId === STAGE.CLEANING_SCHEDULED && before.scheduledAt !== null;
  if (!wasScheduled) return { kind: 'cleaning_confirmed', scheduledAt: after.scheduledAt };
  if (before.scheduledAt!.getTime() === after.scheduledAt.getTime()) return null;
  return { kind: 'rescheduled', scheduledAt: after.scheduledAt };
}

/** One text per occasion: a re-read, a retry or a second worker finds the key taken. */
export function dealNoticeKey(dealId: string, notice: { kind: string; scheduledAt: Date }): string {
  return `${notice.kind}:${dealId}:${notice.scheduledAt.toISOString()}`;
}

/** How long before a cleaning its reminder goes out: the day before. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;

/**
 * When the reminder of a cleaning at `scheduledAt` goes out: `lead` before it, moved past quiet
 * hours; null when that moment has passed or would fall after the cleaning (booked less than a
 * day ahead: the confirmation was the reminder).
 */
export function reminderAt(scheduledAt: Date, now: Date, sendable: (at: Date) => Date, lead = REMINDER_LEAD_MS): Date | null {
  const due = new Date(scheduledAt.getTime() - lead);
  if (due.getTime() <= now.getTime()) return null;
  const at = sendable(due);
  return at.getTime() < scheduledAt.getTime() ? at : null;
}
