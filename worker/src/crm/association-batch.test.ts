import { describe, expect, it } from 'vitest';
import { parseAssociationBatch } from './association-batch';

/**
 * The shapes the pull relies on in an associations batch read (HubSpot's 2026-09 reference,
 * BatchResponsePublicAssociationMultiWithLabel; v4 is the same with numeric ids).
 */
describe('an associations batch-read answer', () => {
  it('gives each record\'s associated ids as strings, whether HubSpot sends strings or numbers', () => {
    const answer = parseAssociationBatch(
      {
        status: 'COMPLETE',
        results: [
          { from: { id: '101' }, to: [{ toObjectId: '201', associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 3 }] }] },
          { from: { id: '102' }, to: [{ toObjectId: 202, associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 3, label: null }] }, { toObjectId: 203, associationTypes: [] }] },
        ],
        startedAt: '2026-11-27T10:00:00.000Z',
        completedAt: '2026-11-27T10:00:00.100Z',
      },
      'read deals->contacts associations',
    );
    expect(answer.results.map((r) => [r.from.id, r.to.map((t) => t.toObjectId)])).toEqual([
      ['101', ['201']],
      ['102', ['202', '203']],
    ]);
  });

  it('keeps where a record\'s list goes on, and takes records without associations (reported as errors) as none', () => {
    const answer = parseAssociationBatch(
      {
        status: 'COMPLETE',
        results: [{ from: { id: '7' }, to: [{ toObjectId: '8', associationTypes: [] }], paging: { next: { after: 'MTAw', link: 'ignored' } } }],
        numErrors: 1,
        errors: [{ status: 'error', category: 'OBJECT_NOT_FOUND', message: 'No contacts is associated with deals 9.', context: { fromObjectId: ['9'] }, errors: [], links: {} }],
        startedAt: '2026-11-27T10:00:00.000Z',
        completedAt: '2026-11-27T10:00:00.100Z',
      },
      'read',
    );
    expect(answer.results[0]?.paging?.next?.after).toBe('MTAw');
    expect(answer.results).toHaveLength(1);
  });

  it('refuses another shape with the field that is wrong', () => {
    expect(() => parseAssociationBatch({ results: [{ from: { id: '1' }, to: [{ id: '2' }] }] }, 'read deals->contacts associations')).toThrow(
      /read deals->contacts associations: .*results\.0\.to\.0\.toObjectId/,
    );
  });
});
