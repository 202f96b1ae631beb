import { checklistTicksSchema, type ChecklistTicks } from '@app/shared/cleaning-checklists';
import { api } from '../../../lib/api-client';

/** PUT /api/cleaner/deals/:id/checklist/:itemId { ticked }: kept by the api, idempotent (docs/cleaner-day.md). */
export function putTick(dealId: string, itemId: string, ticked: boolean): Promise<ChecklistTicks> {
  return api.put(`/api/cleaner/deals/${encodeURIComponent(dealId)}/checklist/${encodeURIComponent(itemId)}`, { ticked }, checklistTicksSchema);
}
