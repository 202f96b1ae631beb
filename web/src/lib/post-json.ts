/** What the API answered: its status and its JSON body (null when the body was not JSON). */
export interface ApiAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}

/**
 * POSTs a JSON body to our API (same origin, so cookies and the origin check just work). Throws
 * only when no answer arrived (network failure); every HTTP answer, error statuses included, is
 * returned for the caller to read, since each form words its failures differently (docs/product.md §8).
 */
export async function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    // An empty or non-JSON body (a proxy's error page): the status still tells what happened.
  }
  return { ok: response.ok, status: response.status, body: parsed };
}

/** The `error` (our API's shape) or `message` text of an answer body, if it has one. */
export function answerText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error.trim()) return error;
  if (typeof message === 'string' && message.trim()) return message;
  return undefined;
}
