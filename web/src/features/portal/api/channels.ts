import { reachChannelsSchema, type EmailChoice, type ReachChannels, type TextsChoiceInput } from '@app/shared/reach-channels';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedLoad } from './logged-load';

export const CHANNELS_PATH = '/api/portal/channels';

/** GET /api/portal/channels: where texts and e-mail to the customer stand, and their choices. */
export async function getChannels(signal?: AbortSignal): Promise<ReachChannels> {
  return api.get(CHANNELS_PATH, reachChannelsSchema, { signal });
}

export const channelsQuery = queryOptions({
  queryKey: ['portal', 'channels'],
  queryFn: ({ signal }) => loggedLoad('how we reach you', () => getChannels(signal)),
});

/** `enabled` waits for the session check, like the portal's other loads. */
export function useChannels(enabled = true) {
  return useQuery({ ...channelsQuery, enabled });
}

/** Each change answers with the channels as they then stand: that answer is the page's. */
function useChannelsMutation<T>(mutationFn: (input: T) => Promise<ReachChannels>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (channels) => client.setQueryData(channelsQuery.queryKey, channels) });
}

/** PUT …/texts: on (with the version of the terms shown) or off. */
export const useChooseTexts = () => useChannelsMutation((choice: TextsChoiceInput) => api.put(`${CHANNELS_PATH}/texts`, choice, reachChannelsSchema));

/** PUT …/email: reminders and rating requests by e-mail, on or off. */
export const useChooseEmail = () => useChannelsMutation((choice: EmailChoice) => api.put(`${CHANNELS_PATH}/email`, choice, reachChannelsSchema));

/** DELETE …/email/bounce: "Send e-mails to this address again". */
export const useSendEmailAgain = () => useChannelsMutation(() => api.delete(`${CHANNELS_PATH}/email/bounce`, reachChannelsSchema));
