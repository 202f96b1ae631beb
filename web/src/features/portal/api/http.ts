/** A portal API answered with an error status; 401 means there is no (longer a) customer session. */
export class PortalHttpError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    /** The answer's `error` text, when it had one. */
    readonly serverMessage?: string,
  ) {
    super(`${path} answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`);
    this.name = 'PortalHttpError';
  }
}

export const isUnauthorized = (error: unknown): boolean => error instanceof PortalHttpError && error.status === 401;

function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error.trim()) return error;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** GET a portal API as JSON with the session cookie (docs/product.md §7 "credentials"). */
export async function getPortalJson(path: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(path, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new PortalHttpError(path, response.status, errorText(body));
  return body;
}

/** POST JSON to a portal API with the session cookie; an error status throws PortalHttpError. */
export async function postPortalJson(path: string, payload: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new PortalHttpError(path, response.status, errorText(body));
  return body;
}

/**
 * docs/product.md §7/§8: a failed load of deals, details, tickets or the profile is only logged and the page
 * goes on with what it has. No session is not a failure to log: the page sends the visitor to /login.
 */
export async function loggedLoad<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isUnauthorized(error) && !(error instanceof DOMException && error.name === 'AbortError')) {
      console.error(`Could not load ${what}`, error);
    }
    throw error;
  }
}
