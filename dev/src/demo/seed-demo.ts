import type { Db } from '@app/db/client';
import { demoPlan, oneLineAddress, skusAmount, type DemoDeal, type DemoPerson, type DemoPlan } from './demo-plan';
import type { StageMap } from '@app/worker/crm/account/stage-map';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { seedDemoContext } from './demo-context';
import type { CrmRecord, HubSpotCrm } from './hubspot-crm';

const byDemoKey = (records: readonly CrmRecord[]) =>
  new Map(records.flatMap((r) => (r.properties.demo_key ? [[r.properties.demo_key, r] as const] : [])));

function contactProperties(p: DemoPerson): Record<string, string> {
  return {
    email: p.email,
    phone: p.phone,
    firstname: p.firstName,
    lastname: p.lastName,
    address: p.street,
    city: p.city,
    state: p.state,
    zip: p.zip,
    square_footage: String(p.squareFootage),
    lifecyclestage: 'customer',
    demo_key: p.key,
  };
}

function dealProperties(deal: DemoDeal, person: DemoPerson, stages: StageMap): Record<string, string> {
  const amount = skusAmount(deal.skus);
  return {
    dealname: `${deal.serviceType} for ${person.firstName} ${person.lastName}`,
    pipeline: stages.dealPipelineId,
    dealstage: stages.dealStageId(deal.stageId),
    service_type: deal.serviceType,
    service_address: oneLineAddress(person),
    external_skus: deal.skus.join(';'),
    ...(deal.scheduledAt ? { scheduled_date: deal.scheduledAt.toISOString() } : {}),
    ...(deal.ownerId ? { hubspot_owner_id: deal.ownerId } : {}),
    ...(amount ? { amount } : {}),
    demo_key: deal.key,
  };
}

/**
 * The demo customer in our own database, as a staff pre-invite leaves it: e-mail and phone for
 * the login, the HubSpot id that links the deals the worker pulls, and portal access. Another
 * contact holding that HubSpot id (left over from an emulator state file that was deleted) lets go.
 */
async function upsertLocalCustomer(db: Db, p: DemoPerson, hubspotId: string, now: Date): Promise<void> {
  await db.contact.updateMany({ where: { hubspotId, NOT: { email: p.email } }, data: { hubspotId: null } });
  const data = {
    phone: p.phone,
    firstName: p.firstName,
    lastName: p.lastName,
    street: p.street,
    city: p.city,
    state: p.state,
    zip: p.zip,
    squareFootage: p.squareFootage,
    hubspotId,
    portalEligible: true,
    suspended: false,
  };
  await db.contact.upsert({
    where: { email: p.email },
    create: { email: p.email, ...data, invitedAt: now, crmSyncedAt: now },
    update: data,
  });
}

export interface SeedDemoOptions {
  crm: HubSpotCrm;
  db: Db;
  /** The account's stage ids (what crm:setup found or created); the demo plan names the product's stage keys. */
  stages: StageMap;
  now?: Date;
  /** Another identity for the demo customer (tests use their own). */
  customer?: DemoPerson;
}

/** HubSpot's own property group per type that the demo's property joins. */
const DEMO_KEY_GROUPS = [
  ['contacts', 'contactinformation'],
  ['deals', 'dealinformation'],
  ['tickets', 'ticketinformation'],
] as const;

/**
 * Demo records carry a `demo_key`; the emulator refuses properties an account lacks, like
 * HubSpot, so the seeder creates its own through the properties API (once per account).
 */
async function ensureDemoKeyProperty(crm: HubSpotCrm): Promise<void> {
  for (const [objectType, groupName] of DEMO_KEY_GROUPS) {
    if (await crm.hasProperty(objectType, 'demo_key')) continue;
    await crm.createProperty(objectType, {
      name: 'demo_key',
      label: 'Demo key',
      description: 'Development demo data only: the key of the record in the demo plan, so seeding again updates it.',
      type: 'string',
      fieldType: 'text',
      groupName,
    });
  }
}

/** The demo's cleaners are users of the account (a fresh account has only its admin): added once. */
async function ensureCleaners(crm: HubSpotCrm): Promise<void> {
  const known = new Set((await crm.owners()).map((o) => o.id));
  for (const owner of SEED_OWNERS) if (!known.has(owner.id)) await crm.addOwner({ ...owner });
}

/**
 * Puts the demo plan into HubSpot (the emulator) and the demo customer into our database.
 * Idempotent: records are found again by their demo_key and updated, with dates moved to be
 * relative to `now` again; nothing is duplicated. The deals, invoices and tickets reach our
 * mirror the way real ones do, through the worker's crm.pull.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<DemoPlan> {
  const { crm, db } = options;
  const now = options.now ?? new Date();
  const plan = demoPlan(now, options.customer);
  await ensureDemoKeyProperty(crm);
  await ensureCleaners(crm);

  const contactIds = new Map<string, string>();
  for (const person of plan.people) {
    const existing = await crm.findContactByEmail(person.email);
    const properties = contactProperties(person);
    const contact = existing ? await crm.updateContact(existing.id, properties) : await crm.createContact(properties);
    contactIds.set(person.key, contact.id);
  }
  const customerHubspotId = contactIds.get(plan.customer.key);
  if (!customerHubspotId) throw new Error('demo customer was not created');
  // Before any deal is written: the pull links a new deal to a contact only if it knows the contact.
  await upsertLocalCustomer(db, plan.customer, customerHubspotId, now);
  await seedDemoContext(crm, customerHubspotId, now);

  const deals = byDemoKey(await crm.list('deals'));
  const tickets = byDemoKey(await crm.list('tickets'));
  const people = new Map(plan.people.map((p) => [p.key, p]));
  for (const deal of plan.deals) {
    const person = people.get(deal.person);
    const contactId = contactIds.get(deal.person);
    if (!person || !contactId) throw new Error(`demo deal ${deal.key}: unknown person ${deal.person}`);
    const properties = dealProperties(deal, person, options.stages);
    const existing = deals.get(deal.key);
    const record = existing ? await crm.updateDeal(existing.id, properties) : await crm.createDeal(properties, contactId);
    if (deal.invoice) {
      await crm.attachInvoice(record.id, { status: deal.invoice.status, amount: skusAmount(deal.skus) ?? '0', number: deal.invoice.number });
    }
    if (deal.ticket) {
      const ticketProperties = {
        subject: `${deal.ticket.category}: ${properties.dealname}`,
        hs_pipeline: options.stages.ticketPipelineId,
        hs_pipeline_stage: options.stages.ticketStageId(deal.ticket.stage),
        hs_ticket_category: deal.ticket.category,
        demo_key: deal.ticket.key,
      };
      const ticket = tickets.get(deal.ticket.key);
      if (ticket) await crm.updateTicket(ticket.id, ticketProperties);
      else await crm.createTicket(ticketProperties, record.id, contactId);
    }
  }
  return plan;
}
