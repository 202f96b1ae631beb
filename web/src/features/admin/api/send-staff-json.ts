import { StaffHttpError } from './http';

/** A staff API refused a change: the status, and the server's `{ error, field }` when it sent them. */
export class StaffRequestError extends StaffHttpError {
  constructor(
    readonly method: string,
    path: string,
    status: number,
    /** The answer's `error` text (our API's shape), if any. */
    readonly serverMessage: string | undefined,
    /** The field a validation error names, if any. */
    readonly field: string | undefined,
  ) {
    super(path, status);
    this.name = 'StaffRequestError';
    this.message = `${method} ${path} answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`;
  }
}

const stringOf = (body: unknown, key: string): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
};

/**
 * POST, PUT or DELETE a staff API with a JSON body (same origin: the session cookie and the
 * Origin header the server checks go along). Returns the answer's JSON; an error status throws
 * StaffRequestError carrying the server's message and field, which the forms show.
 */
export async function sendStaffJson(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new StaffRequestError(method, path, response.status, stringOf(parsed, 'error'), stringOf(parsed, 'field'));
  return parsed;
}

/** The text to show for a failed change: the server's own message, else a generic one. */
export function failureText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof StaffRequestError && error.serverMessage ? error.serverMessage : fallback;
}
