import { randomUUID } from 'node:crypto';

/**
 * An error answered the way HubSpot answers it: `{ status: 'error', message, correlationId,
 * category }` with the HTTP status. The SDK deserialises this body into its `Error` model and
 * keeps only the known fields (message, category, subCategory, context, errors, links,
 * correlationId), so extra fields are for people reading raw responses.
 */
export class HubSpotError extends Error {
  constructor(
    readonly status: number,
    readonly category: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(correlationId: string): Record<string, unknown> {
    return { status: 'error', message: this.message, correlationId, category: this.category, ...this.extra };
  }
}

export const newCorrelationId = (): string => randomUUID();

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HubSpotError(400, 'VALIDATION_ERROR', message, extra);

export const notFound = (message = 'resource not found') => new HubSpotError(404, 'OBJECT_NOT_FOUND', message);

export const objectNotFound = (id: string) =>
  new HubSpotError(404, 'OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.', { context: { id: [id] } });

export const unauthorized = () =>
  new HubSpotError(
    401,
    'INVALID_AUTHENTICATION',
    'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
  );

/** What HubSpot answers when a unique-value property (contact e-mail, our app_request_id) is taken. */
export const conflict = (message: string, existingId: string) =>
  new HubSpotError(409, 'CONFLICT', message, { context: { existingId: [existingId] } });
