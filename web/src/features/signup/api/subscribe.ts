import { successResponseSchema } from '@app/shared/api-responses';
import type { Subscribe } from '@app/shared/subscribe';
import { NOTIFY_FAILED } from '@app/shared/texts';
import { api } from '../../../lib/api-client';

export const SUBSCRIBE_PATH = '/api/subscribe';
/** The out-of-area waitlist: the same payload, for a zip we do not serve yet. */
export const WAITLIST_PATH = '/api/waitlist';

/** docs/product.md §7: POST /api/subscribe { zip, email, firstName, interest, website } (or the waitlist). §8: any failure is one alert. */
export async function subscribe(
  signup: Subscribe,
  idempotencyKey: string,
  path: string = SUBSCRIBE_PATH,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const answer = await api.post(path, signup, successResponseSchema, { idempotencyKey });
    return answer.success ? { ok: true } : { ok: false, message: NOTIFY_FAILED };
  } catch {
    return { ok: false, message: NOTIFY_FAILED };
  }
}
