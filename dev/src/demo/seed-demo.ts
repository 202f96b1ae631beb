import type { Db } from '@app/db/client';
import { demoPlan, oneLineAddress, skusAmount, type DemoDeal, type DemoPerson, type DemoPlan } from './demo-plan';
import { crmAccount } from '@app/worker/crm/account/crm-account';
import type { StageMap } from '@app/worker/crm/account/stage-map';
import type { Keyring } from '@app/api/modules/home-profile/sealing';
import type { HubSpotGateway } from '@app/worker/crm/hubspot-gateway';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { DEV_STAFF_IDENTITY } from '@app/emulators/oidc/provider';
import { createLogger, type Logger } from '@app/runtime/logger';
import { seedDemoContext } from './demo-context';
import { seedDemoConversation } from './demo-conversation';
import { demoKeyring, seedDemoHome } from './demo-home';
import { seedDemoRating } from './demo-rating';
import { seedDemoRecurringPlan, type DemoRecurringPlan } from './demo-recurring-plan';
import type { CrmRecord, HubSpotCrm } from './hubspot-crm';
import { QUOTED_FROM, seedDemoQuote, type SeedQuoteOutcome } from './seed-quote';

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

/**
 * A deal's properties as the seeder writes them. A quoted deal's stage and amount are its
 * quote's to set (seed-quote.ts): created where the office quotes from, without an amount, and
 * left to the quote after that.
 */
function dealProperties(deal: DemoDeal, person: DemoPerson, stages: StageMap, existing: boolean): Record<string, string> {
  const amount = deal.quote ? null : skusAmount(deal.skus);
  const stage = deal.quote ? (existing ? null : QUOTED_FROM) : deal.stageId;
  return {
    dealname: `${deal.serviceType} for ${person.firstName} ${person.lastName}`,
    pipeline: stages.dealPipelineId,
    ...(stage ? { dealstage: stages.dealStageId(stage) } : {}),
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
async function upsertLocalCustomer(db: Db, p: DemoPerson, hubspotId: string, now: Date): Promise<string> {
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
  const contact = await db.contact.upsert({
    where: { email: p.email },
    create: { email: p.email, ...data, invitedAt: now, crmSyncedAt: now },
    update: data,
    select: { id: true },
  });
  return contact.id;
}

export interface SeedDemoOptions {
  crm: HubSpotCrm;
  db: Db;
  /** The worker's HubSpot client, for what the seeder does through the worker's code (the quote). */
  gateway: HubSpotGateway;
  /** The account's stage ids (what crm:setup found or created); the demo plan names the product's stage keys. */
  stages: StageMap;
  now?: Date;
  /** Another identity for the demo customer (tests use their own). */
  customer?: DemoPerson;
  /** Where the worker's jobs the seeder runs log (default: warnings and errors only). */
  log?: Logger;
  /** The keys the demo's door code is sealed with (default: the development api's, demo-home.ts). */
  homeSecrets?: Keyring;
}

export interface SeededDemo {
  plan: DemoPlan;
  /** The demo customer's weekly recurring plan, with a skipped and a detached visit. */
  recurring: DemoRecurringPlan;
  /** What became of each quoted deal's quote, by the deal's demo_key. */
  quotes: Map<string, SeedQuoteOutcome>;
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

/** The demo customer's cleaning that has its rating (the most recent done one), so the board's ratings show. */
export const DEMO_RATED_DEAL = 'demo-done-1';

/**
 * The demo cleaner: the first of the demo's owners, marked as a cleaner on the Cleaner Roster, so
 * a developer signs in as a cleaner with `/api/auth/google?login_hint=` and this e-mail.
 */
export const DEMO_CLEANER = SEED_OWNERS[0];

/** The demo's cleaners are users of the account (a fresh account has only its admin): added once. */
async function ensureCleaners(crm: HubSpotCrm): Promise<void> {
  const known = new Set((await crm.owners()).map((o) => o.id));
  for (const owner of SEED_OWNERS) if (!known.has(owner.id)) await crm.addOwner({ ...owner });
}

/**
 * Marks the demo cleaner on the roster, a setting of ours the owner mirror never writes. Its row
 * is written here if the worker has not pulled the owners yet (the pull then fills in the rest).
 * Every start marks it again, as every start puts the demo back.
 */
async function markDemoCleaner(db: Db): Promise<void> {
  const { id, ...owner } = DEMO_CLEANER;
  await db.owner.upsert({ where: { hubspotId: id }, create: { hubspotId: id, ...owner, isCleaner: true }, update: { isCleaner: true } });
}

/**
 * Puts the demo plan into HubSpot (the emulator) and the demo customer, with a short conversation
 * by text, a home profile with a door code (demo-home.ts), a weekly recurring plan with a skipped
 * and a detached visit (demo-recurring-plan.ts, pushed by the worker) and one rated cleaning, into
 * our database.
 * Idempotent: records are found again by their demo_key and updated, with dates moved to be
 * relative to `now` again; nothing is duplicated. The deals, invoices and tickets reach our
 * mirror the way real ones do, through the worker's crm.pull. A quoted deal is mirrored at once
 * and quoted by the staff workspace's path (seed-quote.ts), as the staff sign-in of `npm run
 * dev`; a restart sends a new quote only once the customer has answered the last one.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<SeededDemo> {
  const { crm, db } = options;
  const now = options.now ?? new Date();
  const plan = demoPlan(now, options.customer);
  await ensureDemoKeyProperty(crm);
  await ensureCleaners(crm);
  await markDemoCleaner(db);

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
  const localId = await upsertLocalCustomer(db, plan.customer, customerHubspotId, now);
  await seedDemoContext(crm, customerHubspotId, now);
  await seedDemoConversation(db, plan.customer, localId, now);
  await seedDemoHome(db, localId, options.homeSecrets ?? demoKeyring(), now);
  const recurring = await seedDemoRecurringPlan(db, localId, plan.customer, DEMO_CLEANER.id, now);

  const deals = byDemoKey(await crm.list('deals'));
  const tickets = byDemoKey(await crm.list('tickets'));
  const people = new Map(plan.people.map((p) => [p.key, p]));
  const quoted: Array<{ key: string; hubspotId: string; quote: NonNullable<DemoDeal['quote']> }> = [];
  let rated: string | null = null;
  for (const deal of plan.deals) {
    const person = people.get(deal.person);
    const contactId = contactIds.get(deal.person);
    if (!person || !contactId) throw new Error(`demo deal ${deal.key}: unknown person ${deal.person}`);
    const existing = deals.get(deal.key);
    const properties = dealProperties(deal, person, options.stages, existing !== undefined);
    const record = existing ? await crm.updateDeal(existing.id, properties) : await crm.createDeal(properties, contactId);
    if (deal.quote) quoted.push({ key: deal.key, hubspotId: record.id, quote: deal.quote });
    if (deal.key === DEMO_RATED_DEAL) rated = record.id;
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

  const quoteDeps = {
    db,
    crm,
    hubspot: options.gateway,
    account: crmAccount(options.stages),
    log: options.log ?? createLogger({ service: 'demo-seed', level: 'warn', format: 'json' }),
  };
  const quotes = new Map<string, SeedQuoteOutcome>();
  for (const deal of quoted) quotes.set(deal.key, await seedDemoQuote(quoteDeps, deal.hubspotId, deal.quote, DEV_STAFF_IDENTITY.email));
  if (rated) await seedDemoRating(quoteDeps, rated, plan.customer, localId);
  return { plan, recurring, quotes };
}

/** What a start says about the demo quote: awaiting the customer's answer, or why not this time. */
export function demoQuoteLines(seeded: SeededDemo): string[] {
  return [...seeded.quotes].map(([key, outcome]) =>
    outcome.kind === 'held'
      ? `demo quote (${key}) not sent this time: ${outcome.why}; the next start sends it`
      : `demo quote (${key}) awaiting the demo customer's approval${outcome.kind === 'sent' ? ' (sent now)' : ''}`,
  );
}
