/**
 * Plain HTTP for HubSpot's date-based API versions, which @hubspot/api-client (13.x, and 14.0)
 * does not generate. Built with the SDK client from the same options (createHubSpotClient), so
 * both send the same bearer token to the same base URL under the same deadline, and fail the
 * same way: HTTP failures as HubSpotHttpError, which has the shape of the SDK's ApiException
 * (numeric `code`, `body`, `headers`), so classifyHubSpotError sorts both alike.
 */

export interface HubSpotHttpOptions {
  accessToken: string;
  /** API origin without a trailing slash. */
  basePath: string;
  /** Whole-request deadline: connect, send, answer and body. */
  timeoutMs: number;
  /** Every answer's headers, as the SDK transport reports them (HubSpot's daily figures). */
  onResponseHeaders?: ((headers: Readonly<Record<string, string>>) => void) | undefined;
}

export interface HubSpotHttp {
  /** One request; resolves with the parsed JSON of a 2xx answer (undefined when empty). */
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

/** The error a request fails with when its deadline passes (`code: 'ETIMEDOUT'`, as the SDK's transport reports it). */
export class HubSpotTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';

  constructor(readonly timeoutMs: number) {
    super(`HubSpot request timed out after ${timeoutMs} ms`);
    this.name = 'HubSpotTimeoutError';
  }
}

/** HubSpot answered outside 2xx. */
export class HubSpotHttpError extends Error {
  constructor(
    readonly code: number,
    readonly body: unknown,
    readonly headers: Record<string, string>,
    what: string,
  ) {
    super(`HubSpot answered HTTP ${code} to ${what}`);
    this.name = 'HubSpotHttpError';
  }
}

/** JSON when it is JSON; else the text (an HTML page from a proxy, an empty 502). */
function parseBody(text: string, contentType: string): unknown {
  if (text === '') return undefined;
  if (contentType.toLowerCase().includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createHubSpotHttp(options: HubSpotHttpOptions): HubSpotHttp {
  return {
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      const controller = new AbortController();
      // Aborting with our error makes fetch (and a body still being read) reject with it.
      const timer = setTimeout(() => controller.abort(new HubSpotTimeoutError(options.timeoutMs)), options.timeoutMs);
      try {
        const response = await fetch(`${options.basePath}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.accessToken}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: controller.signal,
        });
        options.onResponseHeaders?.(Object.fromEntries(response.headers));
        const parsed = parseBody(await response.text(), response.headers.get('content-type') ?? '');
        if (!response.ok) throw new HubSpotHttpError(response.status, parsed, Object.fromEntries(response.headers), `${method} ${path}`);
        return parsed as T;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
