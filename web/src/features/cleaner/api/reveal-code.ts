import { revealAnswerSchema, type RevealAnswer } from '@app/shared/home-profile';
import { api } from '../../../lib/api-client';

/**
 * POST /api/cleaner/deals/:dealId/codes/:secretId/reveal: a code's value, on the cleaning's day,
 * recorded by the api. Deliberately no query or mutation: the value lives only in the state of
 * the component that asked (code-reveal.tsx), never in react-query's caches or any storage.
 */
export function revealCode(dealId: string, secretId: string): Promise<RevealAnswer> {
  return api.post(`/api/cleaner/deals/${encodeURIComponent(dealId)}/codes/${encodeURIComponent(secretId)}/reveal`, undefined, revealAnswerSchema);
}
