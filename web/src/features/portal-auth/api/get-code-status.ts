import { codeStatusResponseSchema, type CodeStatusResponse } from '@app/shared/sms-delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

export const CODE_STATUS_PATH = '/api/portal/auth/code-status';
/** How often step 2 asks whether the texted code arrived. */
export const CODE_STATUS_POLL_MS = 2_000;
/** Only briefly: a delivery report comes within seconds, or not at all. */
export const CODE_STATUS_POLL_FOR_MS = 2 * 60_000;

/** GET code-status → { status: pending | sent | delivered | failed } of this browser's latest code (its cookie). */
export async function getCodeStatus(signal?: AbortSignal): Promise<CodeStatusResponse> {
  return api.get(CODE_STATUS_PATH, codeStatusResponseSchema, { signal });
}

const settled = (status: CodeStatusResponse['status'] | undefined) => status === 'delivered' || status === 'failed';

/** `requestedAt` identifies one request of a code: a new code starts a fresh poll. */
export const codeStatusQuery = (requestedAt: number) =>
  queryOptions({
    queryKey: ['login-code-status', requestedAt],
    queryFn: ({ signal }) => getCodeStatus(signal),
    // Until the delivery is known, for a short while; never after a 4xx (no code of ours to ask about).
    refetchInterval: (query) =>
      settled(query.state.data?.status) ||
      (query.state.error instanceof ApiError && query.state.error.kind === 'status' && query.state.error.status < 500) ||
      Date.now() - requestedAt > CODE_STATUS_POLL_FOR_MS
        ? false
        : CODE_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
    retry: false,
  });

/** Step 2's delivery report; idle while there is no code to ask about (null). */
export function useCodeStatus(requestedAt: number | null) {
  return useQuery({ ...codeStatusQuery(requestedAt ?? 0), enabled: requestedAt !== null });
}
