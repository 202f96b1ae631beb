import type { Db } from '@app/db/client';
import { CLOSE_OUT_STAGE, closeOutRefusal, type CloseOutInput } from '@app/shared/close-out';
import { recordDealCommand, type CommandDraft, type CommandOutcome } from '../common/command-repository';

/**
 * Records closing out a scheduled cleaning as a 'close-out' command: done (Cleaning Done), or a
 * no-show or a cancellation on the day (Canceled), with the outcome kept on the deal. Refused
 * before the cleaning's day, or for a deal that is not scheduled.
 */
export function recordCloseOut(db: Db, dealId: string, input: CloseOutInput, staffEmail: string, now: Date): Promise<CommandOutcome> {
  return recordDealCommand(db, dealId, closeOutDraft(input, now), staffEmail);
}

/** The close-out command, as the office and a cleaner's done (api/src/modules/cleaner) write it. */
export function closeOutDraft(input: CloseOutInput, now: Date): CommandDraft {
  return {
    kind: 'close-out',
    seenModifiedAt: input.seenModifiedAt,
    seen: input.seen,
    reason: input.reason,
    decide: async (_tx, deal) => {
      const refusal = closeOutRefusal(deal.stageId, deal.scheduledAt, now);
      if (refusal) return { status: 409, code: 'close_out_not_allowed', field: 'outcome', message: refusal };
      return { changes: { stageId: CLOSE_OUT_STAGE[input.outcome], outcome: input.outcome } };
    },
  };
}
