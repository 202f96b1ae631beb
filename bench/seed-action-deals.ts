import type { Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { TICKET_STAGE_NEW } from '@app/shared/crm-schema';
import type { StageMap } from '../worker/src/crm/account/stage-map';
import { ACTION_KINDS, startingDeal, type ActionKind } from './action-deals';
import { batchCreate, type BatchInput } from './hubspot-batch-create';

/**
 * Where the deals of the staff actions come from (bench/action-deals.ts): `perKind` of each kind,
 * written into the mirror alone (the api's answer is measured without HubSpot), or created in the
 * HubSpot emulator as the office would and left to the worker's pull to mirror, so the mirror
 * holds HubSpot's ids and versions. Each answers its deals' HubSpot ids with their kind and number.
 */

type ActionDeals = Map<string, { kind: ActionKind; n: number }>;

const REQUEST_REASON = 'Out of town that week';
const RESCHEDULE = 'Reschedule to another day';
const HUBSPOT_DEFINED = 'HUBSPOT_DEFINED' as const;
const DEAL_TO_CONTACT = 3;
const TICKET_TO_DEAL = 28;
const TICKET_TO_CONTACT = 16;

const everyDeal = (perKind: number) => ACTION_KINDS.flatMap((kind) => Array.from({ length: perKind }, (_, n) => ({ kind, n })));

/** In the mirror only, as if pulled an hour ago, on customers and cleaners already there. */
export async function seedActionDealsInMirror(db: Db, options: { perKind: number; now: Date }): Promise<ActionDeals> {
  const deals = everyDeal(options.perKind);
  const contacts = await db.contact.findMany({ select: { id: true, street: true, city: true, zip: true }, take: deals.length, orderBy: { id: 'asc' } });
  const owners = await db.owner.findMany({ where: { active: true }, select: { id: true }, orderBy: { id: 'asc' } });
  const version = new Date(options.now.getTime() - 3_600_000);
  const hubspotId = (kind: ActionKind, n: number) => `bench-action-${kind}-${n}`;
  await db.deal.createMany({
    data: deals.map(({ kind, n }, i) => {
      const start = startingDeal(kind, n, options.now);
      const contact = contacts[i % contacts.length]!;
      return {
        hubspotId: hubspotId(kind, n),
        hubspotUpdatedAt: version,
        name: `Bench ${kind} ${n}`,
        source: 'hubspot' as const,
        stageId: start.stageId,
        scheduledAt: start.scheduledAt,
        amountCents: start.amountCents,
        ownerId: start.hasCleaner ? owners[n % owners.length]!.id : null,
        serviceType: 'Deep Clean',
        contactId: contact.id,
        street: contact.street,
        city: contact.city,
        state: 'GA',
        zip: contact.zip,
      };
    }),
  });
  const asked = await db.deal.findMany({ where: { hubspotId: { in: deals.filter((d) => startingDeal(d.kind, d.n, options.now).hasRequest).map((d) => hubspotId(d.kind, d.n)) } }, select: { id: true, contactId: true } });
  await db.ticket.createMany({
    data: asked.map((d, i) => ({
      dealId: d.id,
      contactId: d.contactId,
      category: 'RescheduleRequest' as const,
      changeType: RESCHEDULE,
      reason: REQUEST_REASON,
      hubspotId: `bench-action-ticket-${i}`,
      pipelineStage: TICKET_STAGE_NEW,
      hubspotUpdatedAt: version,
    })),
  });
  return new Map(deals.map(({ kind, n }) => [hubspotId(kind, n), { kind, n }]));
}

/**
 * In the HubSpot emulator: three cleaners (HubSpot users), a customer per deal, the deals
 * associated to them, and a reschedule request (ticket) on each deal an answer is for. Also
 * answers the cleaners' HubSpot ids.
 */
export async function seedActionDealsInHubSpot(options: {
  hubspot: HubSpotEmulator;
  token: string;
  stages: StageMap;
  perKind: number;
  now: Date;
}): Promise<{ deals: ActionDeals; cleaners: string[] }> {
  const { hubspot, token, stages, now } = options;
  const cleaners = ['Maria Alvarez', 'Dana Brooks', 'Lee Chen'].map((name, i) => {
    const [firstName, lastName] = name.split(' ') as [string, string];
    return hubspot.addOwner({ email: `${firstName.toLowerCase()}.bench${i}@cleaning.example`, firstName, lastName }).id;
  });
  const deals = everyDeal(options.perKind);
  const key = (kind: ActionKind, n: number) => `Bench ${kind} ${n}`;
  const contacts = await batchCreate({
    hubspot, token, type: 'contacts',
    inputs: deals.map(({ kind, n }) => ({ properties: { email: `bench.${kind}.${n}@example.com`, firstname: 'Bench', lastname: `${kind} ${n}` } })),
  });
  const contactOf = new Map(contacts.map((c) => [c.properties.email!, c.id]));
  const contactId = (kind: ActionKind, n: number) => contactOf.get(`bench.${kind}.${n}@example.com`)!;
  const link = (id: string, typeId: number) => ({ to: { id }, types: [{ associationCategory: HUBSPOT_DEFINED, associationTypeId: typeId }] });
  const created = await batchCreate({
    hubspot, token, type: 'deals',
    inputs: deals.map(({ kind, n }): BatchInput => {
      const start = startingDeal(kind, n, now);
      return {
        properties: {
          dealname: key(kind, n),
          pipeline: stages.dealPipelineId,
          dealstage: stages.dealStageId(start.stageId),
          amount: (start.amountCents / 100).toFixed(2),
          service_type: 'Deep Clean',
          ...(start.scheduledAt && { scheduled_date: start.scheduledAt.toISOString() }),
          ...(start.hasCleaner && { hubspot_owner_id: cleaners[n % cleaners.length]! }),
        },
        associations: [link(contactId(kind, n), DEAL_TO_CONTACT)],
      };
    }),
  });
  const byName = new Map(deals.map((d) => [key(d.kind, d.n), d]));
  const actionDeals: ActionDeals = new Map(created.map((d) => [d.id, byName.get(d.properties.dealname!)!]));
  const asked = [...actionDeals].filter(([, d]) => startingDeal(d.kind, d.n, now).hasRequest);
  await batchCreate({
    hubspot, token, type: 'tickets',
    inputs: asked.map(([dealId, { kind, n }]) => ({
      properties: {
        subject: `Reschedule Request: ${key(kind, n)}`,
        content: `Change: ${RESCHEDULE}\nReason: ${REQUEST_REASON}`,
        hs_ticket_category: 'Reschedule Request',
        hs_pipeline: stages.ticketPipelineId,
        hs_pipeline_stage: stages.ticketStageId(TICKET_STAGE_NEW),
      },
      associations: [link(dealId, TICKET_TO_DEAL), link(contactId(kind, n), TICKET_TO_CONTACT)],
    })),
  });
  return { deals: actionDeals, cleaners };
}
