import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { HubSpotRefusedError, refusalOf } from './hubspot-refused-error';

describe('HubSpotRefusedError', () => {
  it('reads the category and the scopes of a 403 MISSING_SCOPES body', () => {
    const body = {
      status: 'error',
      message: "This app hasn't been granted all required scopes to make this call.",
      errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: ['crm.objects.deals.write'] } }],
      links: { scopes: 'https://developers.hubspot.com/scopes' },
      category: 'MISSING_SCOPES',
    };
    expect(refusalOf(body)).toEqual({ category: 'MISSING_SCOPES', requiredScopes: ['crm.objects.deals.write'] });
    // Older answers and the spec's examples name them otherwise.
    expect(refusalOf({ category: 'MISSING_SCOPES', context: { missingScopes: ['tickets'] }, errors: [{ context: { requiredScopes: ['contacts'] } }] }).requiredScopes).toEqual(['tickets', 'contacts']);
    expect(refusalOf('Bad Gateway')).toEqual({ category: undefined, requiredScopes: [] });
    expect(refusalOf({ category: 'VALIDATION_ERROR', errors: [null] })).toEqual({ category: 'VALIDATION_ERROR', requiredScopes: [] });
  });

  it('is unrecoverable, and says which scope a job needed', () => {
    const error = new HubSpotRefusedError('create deals', 403, "This app hasn't been granted all required scopes", 'MISSING_SCOPES', ['crm.objects.deals.write']);
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect(error.missingScopes).toBe(true);
    expect(error.message).toBe("create deals: HTTP 403: This app hasn't been granted all required scopes (needs one of: crm.objects.deals.write)");
    expect(new HubSpotRefusedError('read deals', 400, 'bad', 'VALIDATION_ERROR', []).missingScopes).toBe(false);
    expect(new HubSpotRefusedError('read deals', 400, 'bad', 'VALIDATION_ERROR', []).message).toBe('read deals: HTTP 400: bad');
  });
});
