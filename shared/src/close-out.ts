import { z } from 'zod';
import { dealFactsSchema } from './deal-facts';
import { STAGE, type DealStageId } from './deal-stages';
import { easternToday } from './eastern-time';

/**
 * Closing out a scheduled cleaning (docs/staff-actions.md): it was done, nobody let the cleaner
 * in, or the customer canceled on the day. The outcome is kept on the HubSpot deal
 * (`visit_outcome`) because two of them end in the same stage.
 */
export const CLOSE_OUT_OUTCOMES = ['done', 'no-show', 'canceled-on-the-day'] as const;
export type CloseOutOutcome = (typeof CLOSE_OUT_OUTCOMES)[number];

export const CLOSE_OUT_LABELS: Record<CloseOutOutcome, string> = {
  done: 'Done',
  'no-show': 'No-show',
  'canceled-on-the-day': 'Canceled on the day',
};

/** The stage each outcome ends the deal in. */
export const CLOSE_OUT_STAGE: Record<CloseOutOutcome, DealStageId> = {
  done: STAGE.CLEANING_DONE,
  'no-show': STAGE.CANCELED,
  'canceled-on-the-day': STAGE.CANCELED,
};

const isoInstant = z.iso.datetime({ offset: true, message: 'Give the date and time as an ISO instant.' });

/** POST /api/internal/admin/deals/:id/close-out. */
export const closeOutSchema = z
  .object({
    outcome: z.enum(CLOSE_OUT_OUTCOMES, { message: 'Choose done, no-show or canceled on the day.' }),
    reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').optional(),
    seenModifiedAt: isoInstant.nullable(),
    seen: dealFactsSchema.optional(),
  })
  .strict();
export type CloseOutInput = z.infer<typeof closeOutSchema>;

/** Refused for a deal that is not a scheduled cleaning. */
export const NOT_SCHEDULED = 'Only a scheduled cleaning can be closed out.';
/** Refused before the cleaning's day. */
export const TOO_EARLY = 'A cleaning can be closed out from its day on.';

/** Whether a cleaning in `stageId` at `scheduledAt` can be closed out at `now`: scheduled, and its Eastern day has come. */
export function closeOutRefusal(stageId: string, scheduledAt: Date | null, now: Date): string | null {
  if (stageId !== STAGE.CLEANING_SCHEDULED || scheduledAt === null) return NOT_SCHEDULED;
  return easternToday(scheduledAt) <= easternToday(now) ? null : TOO_EARLY;
}
