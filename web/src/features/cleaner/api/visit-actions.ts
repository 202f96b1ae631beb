import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistAnswer } from '@app/shared/cleaning-checklists';
import { visitActionResultSchema, type EtaMinutes, type VisitActionResult } from '@app/shared/cleaning-visit';
import { api } from '../../../lib/api-client';

export type VisitAction = { kind: 'on-my-way'; minutes?: EtaMinutes } | { kind: 'start' } | { kind: 'done'; checklist: Record<string, ChecklistAnswer> };

/** POST /api/cleaner/deals/:id/on-my-way | start | done: each idempotent (a double tap answers the first). */
export function postVisitAction(dealId: string, action: VisitAction): Promise<VisitActionResult> {
  const path = `/api/cleaner/deals/${encodeURIComponent(dealId)}/${action.kind}`;
  const body = action.kind === 'on-my-way' ? (action.minutes ? { minutes: action.minutes } : {}) : action.kind === 'done' ? { checklist: action.checklist } : {};
  return api.post(path, body, visitActionResultSchema);
}

/** A tap on one cleaning; the day's list is read again once it is answered. */
export function useVisitAction(dealId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: VisitAction) => postVisitAction(dealId, action),
    onSettled: () => client.invalidateQueries({ queryKey: ['cleaner', 'day'] }),
  });
}
