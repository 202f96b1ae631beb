/**
 * What a login step answered: ok with the parsed body, or the `error` text of the body when there
 * was one (docs/product.md §8) and, for a refusal that ends at a known time, its Retry-After in seconds.
 */
export type LoginAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; error: string | undefined; retryAfterSeconds?: number };

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' && body.error.trim() ? body.error : undefined;
}

/**
 * POSTs one login step to the API with the session cookie (credentials, docs/product.md §7). A step succeeded
 * when the status is 2xx and the body says `success: true`; every failure, a network failure
 * included, comes back as `{ ok: false }` with the body's error text when it carried one, so the page
 * decides the fallback wording.
 */
export async function postLoginStep(path: string, body: Record<string, string>): Promise<LoginAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: undefined };
  }
  const parsed: unknown = await response.json().catch(() => null);
  const success = typeof parsed === 'object' && parsed !== null && 'success' in parsed && parsed.success === true;
  if (response.ok && success) return { ok: true, body: parsed as Record<string, unknown> };
  const retryAfterSeconds = retryAfterOf(response);
  return { ok: false, error: errorText(parsed), ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
}
