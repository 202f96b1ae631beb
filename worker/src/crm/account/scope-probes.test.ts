import { describe, expect, it } from 'vitest';
import { CRM_REQUIRED_SCOPES } from '@app/shared/crm-schema';
import { SCOPE_PROBES } from './scope-probes';

describe('scope probes', () => {
  it('try every scope the product needs, once each', () => {
    expect(SCOPE_PROBES.map((p) => p.scope)).toEqual([...CRM_REQUIRED_SCOPES]);
  });

  it('change nothing: reads of one record, or batches without inputs', () => {
    for (const { request } of SCOPE_PROBES) expect(['read-one', 'read-owner', 'empty-update', 'empty-property-create', 'read-files']).toContain(request.kind);
    // A write scope is tried with a write request, a read scope with a read.
    for (const { scope, request } of SCOPE_PROBES) {
      if (scope.endsWith('.read')) expect(request.kind.startsWith('read')).toBe(true);
      if (scope.endsWith('.write')) expect(request.kind.startsWith('empty')).toBe(true);
    }
  });
});
