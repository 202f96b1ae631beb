/**
 * Typed errors. Services throw these; the error middleware turns them into
 * `{ error, code, field? }` JSON with the status. Nothing else leaves the server.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (field: string, message: string) => new AppError(400, 'validation_failed', message, field),
  badRequest: (message: string) => new AppError(400, 'bad_request', message),
  unauthorized: () => new AppError(401, 'unauthorized', 'Please sign in to continue.'),
  forbidden: () => new AppError(403, 'forbidden', 'You do not have access to this.'),
  notFound: (message = 'Not found.') => new AppError(404, 'not_found', message),
  conflict: (message: string) => new AppError(409, 'conflict', message),
  /** A value that was valid but no longer is (e.g. a cleaner deactivated meanwhile): 409 naming the field. */
  conflictOn: (field: string, code: string, message: string) => new AppError(409, code, message, field),
  payloadTooLarge: () => new AppError(413, 'payload_too_large', 'The request body is too large.'),
  unsupportedMediaType: () => new AppError(415, 'unsupported_media_type', 'Send the request body as application/json.'),
  unprocessable: (message: string) => new AppError(422, 'unprocessable', message),
  tooManyRequests: () => new AppError(429, 'rate_limited', 'Too many requests. Please try again later.'),
  idempotencyKeyReused: () =>
    new AppError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
    ),
  idempotencyInProgress: () =>
    new AppError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed. Please try again shortly.'),
  unavailable: (message = 'Service temporarily unavailable.') => new AppError(503, 'unavailable', message),
} as const;
