import { describe, expect, it } from 'vitest';
import { isHubSpotWrite } from './hubspot-hold';

describe('isHubSpotWrite', () => {
  it('holds creates, updates, upserts and associations, never reads or searches', () => {
    expect(isHubSpotWrite('POST', '/crm/v3/objects/deals/batch/create')).toBe(true);
    expect(isHubSpotWrite('POST', '/crm/v3/objects/line_items/batch/upsert')).toBe(true);
    expect(isHubSpotWrite('POST', '/crm/v3/objects/tickets')).toBe(true);
    expect(isHubSpotWrite('PUT', '/crm/v4/objects/deals/1/associations/default/contacts/2')).toBe(true);
    expect(isHubSpotWrite('POST', '/crm/v3/objects/contacts/batch/read?archived=false')).toBe(false);
    expect(isHubSpotWrite('POST', '/crm/v3/objects/deals/search')).toBe(false);
    expect(isHubSpotWrite('POST', '/crm/associations/2026-03/deals/contacts/batch/read')).toBe(false);
    expect(isHubSpotWrite('GET', '/crm/v3/objects/deals/1')).toBe(false);
    expect(isHubSpotWrite('POST', '/oauth/v2/private-apps/get/access-token-info')).toBe(false);
  });
});
