import { UnrecoverableError } from 'bullmq';

/**
 * HubSpot answered and refused a request for a reason retrying cannot fix (400, 401, 403,
 * 404, ...): unrecoverable for BullMQ like any permanent failure, but it keeps what HubSpot
 * said it was. A 403 `MISSING_SCOPES` names the scopes any one of which the endpoint accepts
 * (`errors[].context.requiredGranularScopes`): the account check reports them, and a failed
 * job's reason says which scope it needed.
 */
export class HubSpotRefusedError extends UnrecoverableError {
  constructor(
    what: string,
    readonly status: number,
    reason: string,
    readonly category: string | undefined,
    readonly requiredScopes: readonly string[],
  ) {
    super(`${what}: HTTP ${status}: ${reason}${requiredScopes.length > 0 ? ` (needs one of: ${requiredScopes.join(', ')})` : ''}`);
  }

  /** The token lacks a scope the request needs (HubSpot checks scopes before it reads the body). */
  get missingScopes(): boolean {
    return this.status === 403 && this.category === 'MISSING_SCOPES';
  }
}

type Context = Record<string, unknown> | undefined;

/**
 * The category and the scopes HubSpot names in an error body (the SDK's parsed `Error` model or
 * the raw JSON). Granular scope names are in `requiredGranularScopes` today; older answers and
 * HubSpot's spec examples use `requiredScopes` and `missingScopes`, read as well.
 */
export function refusalOf(body: unknown): { category: string | undefined; requiredScopes: string[] } {
  if (!body || typeof body !== 'object') return { category: undefined, requiredScopes: [] };
  const b = body as { category?: unknown; context?: Context; errors?: unknown };
  const contexts: Context[] = [b.context, ...(Array.isArray(b.errors) ? b.errors.map((e) => (e as { context?: Context } | null)?.context) : [])];
  const scopes = new Set<string>();
  for (const context of contexts) {
    for (const key of ['requiredGranularScopes', 'requiredScopes', 'missingScopes']) {
      const list = context?.[key];
      if (Array.isArray(list)) for (const scope of list) if (typeof scope === 'string' && scope) scopes.add(scope);
    }
  }
  return { category: typeof b.category === 'string' ? b.category : undefined, requiredScopes: [...scopes] };
}
