import type { ApiErrorBody } from '@app/shared/api-error';

/**
 * How an answer body is checked: a zod schema from shared/src (its `safeParse`), or, where zod must
 * not load (the public entry), a reader with the same shape.
 */
export interface ResponseSchema<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false; error: Error };
}

/**
 * Why a call to our api failed although an answer arrived:
 * - `status`: the api answered an error status; `serverMessage`, `code`, `field` and
 *   `retryAfterSeconds` are what the answer said of it, when it said it;
 * - `body`: a success status whose body does not match the schema (the api and the page disagree).
 * No answer at all (a network failure, an abort) is not an ApiError: fetch's own error is thrown.
 */
export class ApiError extends Error {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly kind: 'status' | 'body';
  /** The answer's `error` text (our api's shape, shared/src/api-error.ts), else its `message`. */
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  /** The form field a validation error names. */
  readonly field: string | undefined;
  /** Retry-After in whole seconds, when the refusal ends at a known time. */
  readonly retryAfterSeconds: number | undefined;

  constructor(answer: Omit<ApiError, keyof Error>, options?: ErrorOptions) {
    const { method, path, status, kind, serverMessage } = answer;
    super(`${method} ${path} answered ${status}${kind === 'body' ? ' with an unexpected body' : ''}${serverMessage ? `: ${serverMessage}` : ''}`, options);
    this.name = 'ApiError';
    this.method = method;
    this.path = path;
    this.status = status;
    this.kind = kind;
    this.serverMessage = serverMessage;
    this.code = answer.code;
    this.field = answer.field;
    this.retryAfterSeconds = answer.retryAfterSeconds;
  }
}

/** The api answered one of these error statuses (not a success with an unexpected body). */
export function isApiStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && error.kind === 'status' && statuses.includes(error.status);
}

/** The request was given up by its AbortSignal (a page left, a query superseded): nothing to report. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/** The one place an answer's error is read. A body that is not ours (a proxy's page) gives the status alone. */
function apiError(method: string, path: string, response: Response, body: unknown, kind: ApiError['kind'], cause?: Error): ApiError {
  const fields: Partial<Record<keyof ApiErrorBody | 'message', unknown>> = typeof body === 'object' && body !== null ? body : {};
  return new ApiError(
    {
      method,
      path,
      status: response.status,
      kind,
      serverMessage: textOf(fields.error) ?? textOf(fields.message),
      code: textOf(fields.code),
      field: textOf(fields.field),
      retryAfterSeconds: retryAfterOf(response),
    },
    cause ? { cause } : undefined,
  );
}

/**
 * The answer's JSON; null for an empty or non-JSON body (a proxy's error page), whose status
 * still tells what happened. A read cancelled while the body arrives (the page no longer wants
 * it) stays an abort: it is not an unexpected body.
 */
const bodyOf = (response: Response): Promise<unknown> =>
  response.json().catch((error: unknown) => {
    if (isAbort(error)) throw error;
    return null;
  });

export interface ApiRequestOptions {
  signal?: AbortSignal | undefined;
  /** Sent as Idempotency-Key: a retried submission is answered with the stored result. */
  idempotencyKey?: string | undefined;
  /** Sent with fetch's keepalive: the request outlives the page (a held command sent as the page goes away). */
  keepalive?: boolean | undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call to our api: same origin, so the session cookie and the Origin header the server
 * checks go along; JSON both ways (a Blob body is sent as its bytes, with its type). A success status returns the body as the schema reads it
 * (nothing is read without one); anything else throws ApiError, and no answer throws fetch's error.
 */
async function request<T>(method: Method, path: string, body: unknown, schema: ResponseSchema<T> | undefined, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A file (a cleaner's photo) goes as its own bytes, with its own type; anything else as JSON.
  const raw = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = raw ? body.type : 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers,
    ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  if (!response.ok) throw apiError(method, path, response, await bodyOf(response), 'status');
  if (!schema) return undefined as T;
  const answer = await bodyOf(response);
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw apiError(method, path, response, answer, 'body', parsed.error);
  return parsed.data;
}

/** Our api's verbs. Without a schema a success answers nothing (its body is not read). */
export const api = {
  get<T>(path: string, schema: ResponseSchema<T>, options?: ApiRequestOptions): Promise<T> {
    return request('GET', path, undefined, schema, options);
  },
  post<T = void>(path: string, body?: unknown, schema?: ResponseSchema<T>, options?: ApiRequestOptions): Promise<T> {
    return request('POST', path, body, schema, options);
  },
  put<T = void>(path: string, body: unknown, schema?: ResponseSchema<T>, options?: ApiRequestOptions): Promise<T> {
    return request('PUT', path, body, schema, options);
  },
  delete<T = void>(path: string, schema?: ResponseSchema<T>, options?: ApiRequestOptions): Promise<T> {
    return request('DELETE', path, undefined, schema, options);
  },
};
