import { describe, expect, it } from 'vitest';
import { isBatchPush } from './hubspot-hold';

describe('isBatchPush', () => {
  it('holds batch creates, updates and upserts of records', () => {
    expect(isBatchPush('POST', '/crm/v3/objects/deals/batch/create')).toBe(true);
    expect(isBatchPush('POST', '/crm/v3/objects/line_items/batch/upsert')).toBe(true);
    expect(isBatchPush('POST', '/crm/v3/objects/contacts/batch/update?x=1')).toBe(true);
  });

  it('lets everything else through: reads, searches, single writes and the account\'s properties', () => {
    expect(isBatchPush('POST', '/crm/v3/objects/contacts/batch/read')).toBe(false);
    expect(isBatchPush('POST', '/crm/v3/objects/deals/search')).toBe(false);
    expect(isBatchPush('POST', '/crm/v3/objects/tickets')).toBe(false);
    expect(isBatchPush('POST', '/crm/v3/properties/contacts/batch/create')).toBe(false);
    expect(isBatchPush('GET', '/crm/v3/objects/deals/1')).toBe(false);
  });
});
