import type { HubSpotCrm, LoggedType } from './hubspot-crm';

/**
 * What an office manager has logged in HubSpot about the demo customer: a note, tasks (one
 * open, one done), a call and a meeting ahead, and the company they book for. Found again by
 * title or body on the customer, so seeding twice adds nothing.
 */

const DAY = 86_400_000;

interface Logged {
  type: LoggedType;
  /** The property that names it (found again by it). */
  key: string;
  properties: (now: Date) => Record<string, string>;
}

const at = (now: Date, days: number, hourUtc: number) => {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

const LOGGED: readonly Logged[] = [
  { type: 'notes', key: 'hs_note_body', properties: (now) => ({ hs_note_body: '<p>Friendly dog (Biscuit) in the backyard.</p><p>Gate code 4411; spare key under the blue planter.</p>', hs_timestamp: at(now, -12, 15) }) },
  {
    type: 'tasks',
    key: 'hs_task_subject',
    properties: (now) => ({ hs_task_subject: 'Confirm key drop-off for the next cleaning', hs_task_status: 'NOT_STARTED', hs_task_priority: 'HIGH', hs_task_type: 'CALL', hs_timestamp: at(now, 2, 16) }),
  },
  { type: 'tasks', key: 'hs_task_subject', properties: (now) => ({ hs_task_subject: 'Send the move-out quote', hs_task_status: 'COMPLETED', hs_task_priority: 'MEDIUM', hs_task_type: 'EMAIL', hs_timestamp: at(now, -20, 14) }) },
  { type: 'calls', key: 'hs_call_title', properties: (now) => ({ hs_call_title: 'Asked about eco-friendly products', hs_call_status: 'COMPLETED', hs_call_direction: 'INBOUND', hs_timestamp: at(now, -6, 18) }) },
  { type: 'meetings', key: 'hs_meeting_title', properties: (now) => ({ hs_meeting_title: 'Walkthrough for the office clean', hs_meeting_start_time: at(now, 9, 15), hs_meeting_end_time: at(now, 9, 16), hs_meeting_outcome: 'SCHEDULED', hs_timestamp: at(now, 9, 15) }) },
];

const COMPANY = { name: 'Lopez Family Dental', domain: 'lopezfamilydental.example', industry: 'MEDICAL_PRACTICE', lifecyclestage: 'customer' };

export async function seedDemoContext(crm: HubSpotCrm, contactId: string, now: Date): Promise<void> {
  const companies = await crm.list('companies');
  const company = companies.find((c) => c.properties.domain === COMPANY.domain);
  if (company) await crm.editRecord('companies', company.id, COMPANY);
  else await crm.createRecord('companies', COMPANY, [{ type: 'contacts', id: contactId }]);

  for (const type of new Set(LOGGED.map((l) => l.type))) {
    const existing = (await crm.list(type)).filter((r) => r.associations?.contacts?.includes(contactId));
    for (const item of LOGGED.filter((l) => l.type === type)) {
      const properties = item.properties(now);
      const found = existing.find((r) => r.properties[item.key] === properties[item.key]);
      if (found) await crm.editRecord(type, found.id, properties);
      else await crm.createRecord(type, properties, [{ type: 'contacts', id: contactId }]);
    }
  }
}
