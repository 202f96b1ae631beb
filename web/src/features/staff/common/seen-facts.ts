import type { DealFacts } from '@app/shared/deal-commands';
import type { DealDetails } from '@app/shared/staff-board';

/** What a command sends as seen: the page's version of the deal and its watched fields (docs/staff-actions.md). */
export function seenOf(deal: DealDetails): { seenModifiedAt: string | null; seen: DealFacts } {
  return {
    seenModifiedAt: deal.version,
    seen: { stageId: deal.stageId, scheduledAt: deal.scheduledAt, ownerId: deal.cleanerId, amountCents: deal.amountCents, durationMinutes: deal.durationMinutes },
  };
}
