import type { Db } from '@app/db/client';
import { applyContacts, contactsNotMirrored, type ContactsApplied, type MirroredContact } from '../crm/contact-mirror-repository';
import { contactsToMirror } from '../crm/context-repository';
import { CONTACT_EMAIL, CONTACT_IDENTITY_PROPERTIES, type HubSpotGateway, type HubSpotRecord } from '../crm/hubspot-gateway';
import { modifiedAtOf } from '../crm/modified-date';

/**
 * The customers of the deals and change/cancel tickets the pull mirrors (docs/product.md §3):
 * who they are (e-mail, name, the login phone: docs/identity.md), their address, and the
 * customer page's lead status, lifecycle stage and company.
 */

/** HubSpot's own contact properties for the address (shared/crm-schema.ts). */
const CONTACT_ADDRESS_PROPERTIES = ['address', 'city', 'state', 'zip'];
export const CONTACT_PROPERTIES = [CONTACT_EMAIL, ...CONTACT_IDENTITY_PROPERTIES, ...CONTACT_ADDRESS_PROPERTIES, 'hs_lead_status', 'lifecyclestage'];

const value = (r: HubSpotRecord, name: string) => r.properties[name] || null;
const modifiedAt = (r: HubSpotRecord) => new Date(modifiedAtOf('contacts', r) ?? 0);

/** Records read with CONTACT_PROPERTIES onto the mirror, with their first company (one request per 100). */
async function applyContactRecords(db: Db, hubspot: HubSpotGateway, records: readonly HubSpotRecord[], create: boolean): Promise<ContactsApplied> {
  if (records.length === 0) return { created: 0, updated: 0, skipped: [] };
  const companies = await hubspot.associatedIds('contacts', 'companies', records.map((c) => c.id));
  const contacts = records.map(
    (c): MirroredContact => ({
      hubspotId: c.id,
      email: value(c, CONTACT_EMAIL),
      phone: value(c, 'phone'),
      firstName: value(c, 'firstname'),
      lastName: value(c, 'lastname'),
      street: value(c, 'address'),
      city: value(c, 'city'),
      state: value(c, 'state'),
      zip: value(c, 'zip'),
      leadStatus: value(c, 'hs_lead_status'),
      lifecycleStage: value(c, 'lifecyclestage'),
      companyHubspotId: companies.get(c.id)?.[0] ?? null,
      modifiedAt: modifiedAt(c),
    }),
  );
  return applyContacts(db, contacts, { create });
}

/**
 * Changed contacts (search results with CONTACT_PROPERTIES) onto the contacts we hold; what the
 * mirror already holds in that version costs no further request. Answers how many changed.
 */
export async function mirrorChangedContacts(db: Db, hubspot: HubSpotGateway, records: readonly HubSpotRecord[]): Promise<number> {
  const wanted = await contactsToMirror(db, records.map((r) => ({ hubspotId: r.id, modifiedAt: modifiedAt(r) })));
  const applied = await applyContactRecords(db, hubspot, records.filter((r) => wanted.has(r.id)), false);
  return applied.updated;
}

/**
 * The contacts of deals or tickets being mirrored that no row holds yet: read 100 per request
 * and given rows, so the deals and tickets link to them in the same pull. Contacts we hold
 * cost nothing here (their changes come through mirrorChangedContacts).
 */
export async function mirrorNewContacts(db: Db, hubspot: HubSpotGateway, hubspotIds: readonly string[]): Promise<ContactsApplied> {
  const missing = await contactsNotMirrored(db, hubspotIds);
  if (missing.length === 0) return { created: 0, updated: 0, skipped: [] };
  return applyContactRecords(db, hubspot, await hubspot.readBatch('contacts', missing, CONTACT_PROPERTIES), true);
}
