import { queryOptions } from '@tanstack/react-query';
import { cleanerMeSchema, type CleanerMe } from '@app/shared/cleaner-day';
import { api } from '../../../lib/api-client';

/**
 * GET /api/cleaner/me, asked only after the office's /api/auth/me answered 403: whether the
 * session is a cleaner's (then the office page sends them to their own day instead).
 */
export const signedInCleanerQuery = queryOptions({
  queryKey: ['staff', 'signed-in-cleaner'],
  queryFn: ({ signal }): Promise<CleanerMe> => api.get('/api/cleaner/me', cleanerMeSchema, { signal }),
  staleTime: 0,
});
