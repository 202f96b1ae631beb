import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db, type Prisma } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { formatEasternShort } from '@app/shared/eastern-time';
import { testDatabaseUrl } from '../../../test/context';
import { addOwner } from '../../../test/staff-fixtures';
import { makePlanVisits } from './visit-horizon';

// Tuesday, Oct 20, 2026, noon Eastern: the 8-week horizon crosses the Nov 1 daylight-saving change and Thanksgiving.
const NOW = new Date('2026-10-20T16:00:00Z');
const THANKSGIVING = '2026-11-26';
const CLOSED = new Set([THANKSGIVING]);
const round = (db: Db) => makePlanVisits(db, { horizonWeeks: 8, closedDays: CLOSED, now: NOW });
const day = (date: Date | null) => date?.toISOString().slice(0, 10);

describe('recurring plans: visits made ahead', () => {
  let db: Db;
  let contactId: string;
  let ownerId: string;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    contactId = (await db.contact.create({ data: { email: 'weekly.plan@example.com', firstName: 'Wendy', lastName: 'Weekly' } })).id;
    ownerId = (await addOwner(db, 'Carla', 'Cleaner')).id;
  });
  afterAll(() => db.$disconnect());
  beforeEach(async () => {
    await db.outboxEvent.deleteMany({ where: { type: 'crm.push-booking' } });
    await db.deal.deleteMany({ where: { planId: { not: null } } });
    await db.recurringPlan.deleteMany();
  });

  const addPlan = (data: Partial<Prisma.RecurringPlanUncheckedCreateInput> = {}) =>
    db.recurringPlan.create({
      data: {
        contactId,
        street: '12 Peachtree St',
        city: 'Atlanta',
        state: 'GA',
        zip: '30303',
        squareFootage: 1500,
        serviceType: 'Recurring Clean',
        visitType: 'basic',
        skus: ['RECURRING-BASIC-1500'],
        firstVisitSkus: ['ADDON-OVEN'],
        amountCents: 12_900,
        firstVisitCents: 16_400,
        frequency: 'weekly',
        weekday: 2,
        startTime: '10:00',
        durationMinutes: 150,
        ownerId,
        startDate: new Date('2026-10-27T00:00:00Z'),
        createdBy: 'office@example.com',
        ...data,
      },
    });
  const visitsOf = (planId: string) => db.deal.findMany({ where: { planId }, orderBy: { planOccurrence: 'asc' } });

  it('makes each visit of the horizon once, scheduled with its cleaner at the same Eastern time across the daylight-saving change', async () => {
    const plan = await addPlan();
    expect(await round(db)).toEqual({ plans: 1, made: 8 });
    const visits = await visitsOf(plan.id);
    expect(visits.map((v) => day(v.planOccurrence))).toEqual(['2026-10-27', '2026-11-03', '2026-11-10', '2026-11-17', '2026-11-24', '2026-12-01', '2026-12-08', '2026-12-15']);
    expect(visits.map((v) => formatEasternShort(v.scheduledAt!))).toContain('Tue, Nov 3 at 10:00 AM');
    expect(visits.every((v) => formatEasternShort(v.scheduledAt!).endsWith('10:00 AM'))).toBe(true);
    // 10 AM Eastern is 14:00 UTC before Nov 1 and 15:00 UTC after.
    expect(visits[0]!.scheduledAt!.toISOString()).toBe('2026-10-27T14:00:00.000Z');
    expect(visits[1]!.scheduledAt!.toISOString()).toBe('2026-11-03T15:00:00.000Z');
    for (const v of visits) {
      expect(v).toMatchObject({ source: 'plan', stageId: STAGE.CLEANING_SCHEDULED, ownerId, durationMinutes: 150, frequency: 'weekly', contactId, zip: '30303', crmSyncedAt: null });
    }
    // The first visit carries the once-only add-on and its price; the others the plan's.
    expect(visits[0]).toMatchObject({ skus: ['RECURRING-BASIC-1500', 'ADDON-OVEN'], amountCents: 16_400 });
    expect(visits.slice(1).every((v) => v.amountCents === 12_900 && v.skus.join() === 'RECURRING-BASIC-1500')).toBe(true);
    // Each goes to HubSpot as every booking does.
    const pushes = await db.outboxEvent.findMany({ where: { type: 'crm.push-booking' } });
    expect(pushes.map((e) => (e.payload as { dealId: string }).dealId).sort()).toEqual(visits.map((v) => v.id).sort());
    expect(day((await db.recurringPlan.findUniqueOrThrow({ where: { id: plan.id } })).visitsMadeThrough)).toBe('2026-12-15');

    // Again, and twice at once: nothing new, nothing twice.
    expect(await round(db)).toEqual({ plans: 1, made: 0 });
    const both = await Promise.all([round(db), round(db)]);
    expect(both.map((r) => r.made)).toEqual([0, 0]);
    expect(await db.deal.count({ where: { planId: plan.id } })).toBe(8);
    expect(await db.outboxEvent.count({ where: { type: 'crm.push-booking' } })).toBe(8);
  });

  it('never makes a visit twice when two rounds run at once from nothing', async () => {
    const plan = await addPlan({ frequency: 'every_2_weeks' });
    const rounds = await Promise.all([round(db), round(db), round(db)]);
    expect(rounds.reduce((sum, r) => sum + r.made, 0)).toBe(4);
    expect(await db.deal.count({ where: { planId: plan.id } })).toBe(4);
    expect(await db.outboxEvent.count({ where: { type: 'crm.push-booking' } })).toBe(4);
  });

  it('leaves a visit changed or canceled since as it is, and makes the horizon on as days pass', async () => {
    const plan = await addPlan();
    await round(db);
    const [first, second] = await visitsOf(plan.id);
    await db.deal.update({ where: { id: first!.id }, data: { stageId: STAGE.CANCELED, planDetachedAt: NOW } });
    await db.deal.update({ where: { id: second!.id }, data: { scheduledAt: new Date('2026-11-04T15:00:00Z'), planDetachedAt: NOW } });
    expect((await round(db)).made).toBe(0);
    expect(await db.deal.findUniqueOrThrow({ where: { id: first!.id } })).toMatchObject({ stageId: STAGE.CANCELED });
    expect((await db.deal.findUniqueOrThrow({ where: { id: second!.id } })).scheduledAt!.toISOString()).toBe('2026-11-04T15:00:00.000Z');
    // A week later the horizon reaches one week further: one visit more.
    const weekLater = await makePlanVisits(db, { horizonWeeks: 8, closedDays: CLOSED, now: new Date(NOW.getTime() + 7 * 86_400_000) });
    expect(weekLater.made).toBe(1);
    expect(day((await visitsOf(plan.id)).at(-1)!.planOccurrence)).toBe('2026-12-22');
  });

  it("moves a closed day's visit by the plan's rule, keeping its occurrence, or flags it for the office", async () => {
    const moved = await addPlan({ weekday: 4 });
    const flagged = await addPlan({ weekday: 4, closedDayRule: 'flag' });
    await round(db);
    const thanksgiving = (planId: string) => db.deal.findFirstOrThrow({ where: { planId, planOccurrence: new Date(`${THANKSGIVING}T00:00:00Z`) } });
    const onFriday = await thanksgiving(moved.id);
    expect(day(onFriday.preferredDate)).toBe('2026-11-27');
    expect(formatEasternShort(onFriday.scheduledAt!)).toBe('Fri, Nov 27 at 10:00 AM');
    expect(onFriday.planFlag).toBeNull();
    const kept = await thanksgiving(flagged.id);
    expect(day(kept.preferredDate)).toBe(THANKSGIVING);
    expect(kept.planFlag).toBe('closed_day');
  });

  it('makes nothing in a pause, after the end, for an ended plan, and leaves a plan without a cleaner to be scheduled', async () => {
    const paused = await addPlan({ pauses: [{ from: '2026-11-01', to: '2026-11-30' }] });
    const ending = await addPlan({ endDate: new Date('2026-11-10T00:00:00Z') });
    await addPlan({ status: 'ended' });
    const unassigned = await addPlan({ ownerId: null });
    expect(await round(db)).toEqual({ plans: 3, made: 4 + 3 + 8 });
    expect((await visitsOf(paused.id)).map((v) => day(v.planOccurrence))).toEqual(['2026-10-27', '2026-12-01', '2026-12-08', '2026-12-15']);
    expect((await visitsOf(ending.id)).map((v) => day(v.planOccurrence))).toEqual(['2026-10-27', '2026-11-03', '2026-11-10']);
    expect((await visitsOf(unassigned.id)).every((v) => v.stageId === STAGE.SCHEDULING_IN_PROGRESS && v.ownerId === null && v.scheduledAt !== null)).toBe(true);
  });
});
