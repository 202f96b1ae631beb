import { describe, expect, it } from 'vitest';
import { defaultSchema } from '@app/emulators/hubspot/default-properties';
import { CRM_PROPERTIES } from '@app/shared/crm-schema';
import type { ObjectType } from '../crm/hubspot-gateway';
import { propertiesReadByName } from './crm-read-properties';

const read = propertiesReadByName();
const cases = (Object.keys(read) as ObjectType[]).flatMap((type) => (read[type] ?? []).map((name) => [type, name] as const));
const ours = (type: ObjectType, name: string) => CRM_PROPERTIES.some((p) => p.objectType === type && p.name === name);
const hubspots = (type: ObjectType, name: string) => defaultSchema(type).properties.some((p) => p.name === name && p.hubspotDefined);

describe('the HubSpot properties the worker filters, sorts or reads by name', () => {
  it('covers every object type the worker reads', () => {
    expect(Object.keys(read).sort()).toEqual(['calls', 'communications', 'companies', 'contacts', 'deals', 'emails', 'invoices', 'line_items', 'meetings', 'notes', 'tasks', 'tickets']);
    expect(read.contacts).toContain('lastmodifieddate');
    expect(read.contacts).not.toContain('hs_lastmodifieddate');
    expect(read.deals).toContain('hs_lastmodifieddate');
  });

  it.each(cases)('%s.%s exists on that object: HubSpot-defined in a new account, or ours (shared/crm-schema.ts)', (type, name) => {
    expect(hubspots(type, name) || ours(type, name), `${type} has no property ${name}`).toBe(true);
    // Never both: one of ours shadowing a HubSpot name would be refused by crm:setup.
    expect(hubspots(type, name) && ours(type, name)).toBe(false);
  });
});
