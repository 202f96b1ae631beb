import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { testDatabaseUrl } from '../../../test/context';
import { applyDeals, type MirroredDeal } from './mirror-repository';

// Two pulls at once (a scheduled one still running when another is started) read the same new
// HubSpot deals: both find them missing, and the second create of each meets the first's row.
let db: Db;
beforeAll(() => {
  db = createPrismaClient(testDatabaseUrl());
});
afterAll(async () => {
  await db.$disconnect();
});

it('mirrors a deal made in HubSpot once when two pulls apply it at the same time', async () => {
  const run = randomBytes(4).toString('hex');
  const deals: MirroredDeal[] = Array.from({ length: 20 }, (_, i) => ({
    hubspotId: `hs-race-${run}-${i}`, appRequestId: null, name: `Deal ${i}`, stageId: STAGE.CLEAN_REQUESTED, scheduledAt: null, durationMinutes: null,
    visitOutcome: null, amountCents: null, ownerHubspotId: null, serviceType: null, serviceAddress: null, skus: [], contactHubspotId: null,
    modifiedAt: new Date('2026-11-30T12:00:00Z'), mergedHubspotIds: [],
  }));
  const [first, second] = await Promise.all([applyDeals(db, deals), applyDeals(db, deals)]);
  // Every deal is created by one of the two and updated or left as it is by the other, never twice.
  expect(first.created + second.created).toBe(deals.length);
  expect(await db.deal.count({ where: { hubspotId: { startsWith: `hs-race-${run}-` } } })).toBe(deals.length);
});
