import type { DealMoveInput } from '@app/shared/deal-commands';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from './shared-queries';

export const moveDealPath = (dealId: string) => `/api/internal/admin/deals/${encodeURIComponent(dealId)}/moves`;

const movedSchema = z.object({ success: z.literal(true), commandId: z.string() });

/** POST /api/internal/admin/deals/:id/moves: recorded as a command, applied in HubSpot by the worker. */
export async function moveDeal({ dealId, ...input }: DealMoveInput & { dealId: string }): Promise<{ commandId: string }> {
  return api.post(moveDealPath(dealId), input, movedSchema);
}

/** A command's mutation: the deal then shows it pending; the board and the calendar follow once HubSpot has it. */
export function useDealCommand<Input>(send: (input: Input) => Promise<{ commandId: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => Promise.all(Object.values(CLEANER_QUERY_KEYS).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useMoveDeal = () => useDealCommand(moveDeal);
