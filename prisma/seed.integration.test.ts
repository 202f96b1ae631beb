import { randomUUID } from 'node:crypto';
import { CATALOGUE, type ProductType as CatalogueProductType } from '@app/shared/catalogue';
import { DEAL_STAGES, HISTORY_STAGES } from '@app/shared/deal-stages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnTestDatabase } from '../test/context';
import type { TestDatabase } from '../test/database';
import { closePrismaClient, createPrismaClient, Prisma, type Db } from './client';
import { CareerIcon, CareerStatus, ProductType } from './generated/client';
import { CAREER_LISTINGS, TEAM_MEMBERS, seed } from './seed';

const CATALOGUE_TYPE: Record<ProductType, CatalogueProductType> = {
  [ProductType.Service]: 'Service',
  [ProductType.Subscription]: 'Subscription',
  [ProductType.AddOn]: 'Add On',
};

let database: TestDatabase;
let db: Db;

// A database of its own: the run's shared one gets stages, listings and contacts from other files.
beforeAll(async () => {
  database = await createOwnTestDatabase('seed');
  db = createPrismaClient(database.url);
}, 60_000);

afterAll(async () => {
  await closePrismaClient(db);
  await database.drop();
});

async function counts() {
  const [products, dealStages, careerListings, teamMembers] = await Promise.all([
    db.product.count(),
    db.dealStage.count(),
    db.careerListing.count(),
    db.teamMember.count(),
  ]);
  return { products, dealStages, careerListings, teamMembers };
}

function uniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

describe('seed', () => {
  it('loads the whole catalogue: every id, type, sqft band and cent price', async () => {
    const rows = await db.product.findMany({ orderBy: { displayOrder: 'asc' } });
    const asCatalogue = rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: CATALOGUE_TYPE[r.type],
      minSqft: r.minSqft,
      maxSqft: r.maxSqft,
      priceCents: r.priceCents,
      unit: r.unit,
    }));
    expect(asCatalogue).toEqual(CATALOGUE);
    // Spot checks against docs/product.md §9, in cents.
    expect(rows.find((r) => r.id === 'deep-1500')?.priceCents).toBe(34_900);
    expect(rows.find((r) => r.id === 'addon-carpet-shampooing')?.priceCents).toBeNull();
  });

  it("stores the 'Add On' type under its HubSpot name", async () => {
    const [row] = await db.$queryRaw<{ type: string }[]>`SELECT type::text AS type FROM product WHERE id = 'addon-oven'`;
    expect(row?.type).toBe('Add On');
  });

  it('loads the deal stages in pipeline order with the history flag', async () => {
    const rows = await db.dealStage.findMany({ orderBy: { displayOrder: 'asc' } });
    expect(rows.map((r) => ({ id: r.id, label: r.label }))).toEqual(DEAL_STAGES.map((s) => ({ id: s.id, label: s.label })));
    expect(rows.filter((r) => r.isHistory).map((r) => r.id).sort()).toEqual([...HISTORY_STAGES].sort());
  });

  it('loads the career listings, open ones and a closed one', async () => {
    const rows = await db.careerListing.findMany({ orderBy: { sortOrder: 'asc' } });
    expect(rows.map((r) => r.slug)).toEqual(CAREER_LISTINGS.map((c) => c.slug));
    const open = rows.filter((r) => r.status === CareerStatus.Open).map((r) => r.title);
    expect(open).toEqual(expect.arrayContaining(['Residential Cleaning Technician', 'Move-Out Specialist']));
    expect(rows.find((r) => r.title === 'Move-Out Specialist')?.icon).toBe(CareerIcon.Truck);
    expect(rows.some((r) => r.status === CareerStatus.Closed)).toBe(true);
  });

  it('loads the team, with the placeholder roles disabled', async () => {
    const rows = await db.teamMember.findMany({ orderBy: { sortOrder: 'asc' } });
    expect(rows).toHaveLength(TEAM_MEMBERS.length);
    expect(rows.filter((r) => r.kind === 'placeholder').every((r) => !r.enabled)).toBe(true);
    expect(rows.filter((r) => r.enabled).map((r) => r.kind)).toEqual(['owner', 'lead_technician', 'partner']);
  });

  it('is idempotent: running it twice more changes no counts', async () => {
    const before = await counts();
    expect(before).toEqual({
      products: CATALOGUE.length,
      dealStages: DEAL_STAGES.length,
      careerListings: CAREER_LISTINGS.length,
      teamMembers: TEAM_MEMBERS.length,
    });
    await seed(db);
    await seed(db);
    expect(await counts()).toEqual(before);
  });
});

describe('schema constraints', () => {
  it('rejects a second outbox event with the same id (the BullMQ job id)', async () => {
    const id = randomUUID();
    const event = { id, type: 'crm.push-booking', payload: { dealId: 'd1' }, aggregateType: 'deal', aggregateId: 'd1' };
    try {
      await db.outboxEvent.create({ data: event });
      const second = await db.outboxEvent.create({ data: event }).catch((error: unknown) => error);
      expect(uniqueViolation(second)).toBe(true);
    } finally {
      await db.outboxEvent.deleteMany({ where: { id } });
    }
  });

  it('lets the relay claim due pending events with FOR UPDATE SKIP LOCKED in availableAt order', async () => {
    const now = Date.now();
    const [older, newer, future] = [randomUUID(), randomUUID(), randomUUID()] as const;
    const ids = [older, newer, future];
    const event = (id: string, offsetMs: number) => ({
      id,
      type: 'sms.send',
      payload: {},
      aggregateType: 'test',
      aggregateId: id,
      availableAt: new Date(now + offsetMs),
    });
    // Inserted out of order on purpose.
    await db.outboxEvent.createMany({ data: [event(newer, -1_000), event(future, 60_000), event(older, -2_000)] });
    try {
      const claimed = await db.$transaction(
        (tx) => tx.$queryRaw<{ id: string }[]>`
          SELECT id::text AS id FROM outbox_event
          WHERE status = 'pending' AND available_at <= now() AND id = ANY (${ids}::uuid[])
          ORDER BY available_at LIMIT 10 FOR UPDATE SKIP LOCKED`,
      );
      expect(claimed.map((r) => r.id)).toEqual([older, newer]);
    } finally {
      await db.outboxEvent.deleteMany({ where: { id: { in: ids } } });
    }
  });

  it('keeps contact e-mails unique and lowercase', async () => {
    const email = `case-${randomUUID()}@example.com`;
    try {
      await db.contact.create({ data: { email, phone: '+14045550123' } });
      const duplicate = await db.contact.create({ data: { email } }).catch((error: unknown) => error);
      expect(uniqueViolation(duplicate)).toBe(true);
      await expect(db.contact.create({ data: { email: `Upper-${email}` } })).rejects.toThrow(/contact_email_lowercase/);
      await expect(db.contact.create({ data: { email: `x-${email}`, phone: '404-555-0123' } })).rejects.toThrow(/contact_phone_e164/);
    } finally {
      await db.contact.deleteMany({ where: { email: { contains: email } } });
    }
  });
});
