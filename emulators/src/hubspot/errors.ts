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

  /** The error as one entry of a batch answer's `errors` (HubSpot's StandardError), with more context. */
  batchEntry(context: Record<string, string[]>): Record<string, unknown> {
    const own = (this.extra.context ?? {}) as Record<string, string[]>;
    return {
      status: 'error',
      category: this.category,
      ...(this.extra.subCategory ? { subCategory: this.extra.subCategory } : {}),
      message: this.message,
      context: { ...own, ...context },
      errors: (this.extra.errors as unknown[] | undefined) ?? [],
      links: {},
    };
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

/** What HubSpot answers when a unique-value property (contact e-mail, or one created with hasUniqueValue) is taken. */
export const conflict = (message: string, existingId: string) =>
  new HubSpotError(409, 'CONFLICT', message, { context: { existingId: [existingId] } });

/** A property, group or pipeline created with a name that is taken. */
export const alreadyExists = (message: string) => new HubSpotError(409, 'OBJECT_ALREADY_EXISTS', message);

/**
 * 403 for a token (private app or service key) that has none of the scopes the endpoint accepts
 * (any one of `required` would do, as HubSpot's API reference lists them per endpoint). The body
 * is HubSpot's as integrators have published it, keys in HubSpot's order: status, message,
 * correlationId, errors (`requiredGranularScopes`), links, category.
 */
class MissingScopesError extends HubSpotError {
  override body(correlationId: string): Record<string, unknown> {
    return { status: 'error', message: this.message, correlationId, ...this.extra, category: this.category };
  }
}

export const missingScopes = (required: readonly string[]) =>
  new MissingScopesError(
    403,
    'MISSING_SCOPES',
    "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
    {
      errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: [...required] } }],
      links: { scopes: 'https://developers.hubspot.com/scopes' },
    },
  );
