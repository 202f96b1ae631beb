import type { DealFacts } from '@app/shared/deal-commands';
import type { BoardDeal } from '@app/shared/staff-board';

/** What a command sends as seen: the page's version of the deal and its watched fields (docs/staff-actions.md). */
export interface SeenDeal {
  seenModifiedAt: string | null;
  seen: DealFacts;
}

export function seenOf(deal: BoardDeal): SeenDeal {
  return {
    seenModifiedAt: deal.version,
    seen: { stageId: deal.stageId, scheduledAt: deal.scheduledAt, ownerId: deal.cleanerId, amountCents: deal.amountCents, durationMinutes: deal.durationMinutes },
  };
}
