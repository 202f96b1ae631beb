import { CONTACT_EMAIL, CONTACT_IDENTITY_PROPERTIES, MERGEABLE_TYPES, MERGED_IDS, REQUEST_ID, type ObjectType } from '../crm/hubspot-gateway';
import { RECOGNITION_PROPERTIES } from '../crm/email-engagements';
import { modifiedDateProperty } from '../crm/modified-date';
import { SIGNATURE_PROPERTIES } from '../crm/text-communications';
import { DEAL_PROPERTIES, INVOICE_PROPERTIES, TICKET_PROPERTIES } from './crm-pull';
import { ACTIVITY_SOURCES, activityProperties, COMPANY_PROPERTIES } from './crm-pull-context';
import { CONTACT_PROPERTIES } from './crm-pull-contacts';

/**
 * Every HubSpot property the worker filters, sorts or reads by name, per object type, gathered
 * from the lists the jobs and the gateway use (nothing is listed twice). HubSpot answers a read
 * of a name it does not have by leaving it out, and a filter on it by matching nothing: a wrong
 * name fails silently. crm-read-properties.test.ts checks each against HubSpot's default
 * schema (as the emulator holds it) or our own properties in shared/crm-schema.ts.
 */
export function propertiesReadByName(): Record<ObjectType, string[]> {
  const byType: Record<ObjectType, string[]> = {
    contacts: [...CONTACT_PROPERTIES, ...CONTACT_IDENTITY_PROPERTIES, CONTACT_EMAIL],
    companies: [...COMPANY_PROPERTIES],
    deals: [...DEAL_PROPERTIES, REQUEST_ID],
    // Line items are only found again by our id (a retried create).
    line_items: [REQUEST_ID],
    tickets: [...TICKET_PROPERTIES, REQUEST_ID],
    invoices: [...INVOICE_PROPERTIES],
    notes: [],
    tasks: [],
    calls: [],
    meetings: [],
    // Read back to recognise a communication a lost answer created (a logged text).
    communications: [...SIGNATURE_PROPERTIES],
    // Likewise an e-mail's engagement.
    emails: [...RECOGNITION_PROPERTIES],
  };
  for (const source of ACTIVITY_SOURCES) byType[source.type].push(...activityProperties(source));
  for (const type of Object.keys(byType) as ObjectType[]) {
    // The change search filters and sorts on the modified date, then on hs_object_id (changed-search.ts).
    byType[type].push(modifiedDateProperty(type), 'hs_object_id');
    if (MERGEABLE_TYPES.has(type)) byType[type].push(MERGED_IDS);
    byType[type] = [...new Set(byType[type])].sort();
  }
  return byType;
}
