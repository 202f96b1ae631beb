import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '@app/shared/api-error';
import { STAGE } from '@app/shared/deal-stages';
import type { TodayBoard } from '@app/shared/staff-board';
import { PLAN_ADD_ONS_INVALID, PLAN_EXISTS, PLAN_NEEDS_RECURRING, PLAN_NEEDS_SCHEDULE, type PlanView } from '@app/shared/recurring-plan';
import { TestBrowser } from '../../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

/** 9 AM Eastern on Tuesday, November 24, 2026. */
const NOW = new Date('2026-11-24T14:00:00Z');
/** The first visit: Tuesday, December 1, 10 AM Eastern. */
const FIRST_VISIT = new Date('2026-12-01T15:00:00Z');
const unique = () => randomBytes(4).toString('hex');

describe('staff API: the office makes a recurring plan of a scheduled Recurring Clean', () => {
  let api: StaffApi;
  let office: TestBrowser;
  let ownerId: string;
  let contactId: string;

  beforeAll(async () => {
    api = await startStaffApi('plans', NOW);
    office = new TestBrowser(api.url);
    await staffSignIn(api, office);
    ownerId = (await api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName: 'Maria', lastName: 'Alvarez', isCleaner: true } })).id;
    contactId = (await api.db.contact.create({ data: { email: `weekly.${unique()}@example.com`, firstName: 'Wendy', lastName: 'Weekly' } })).id;
  });
  afterAll(() => api?.close());

  /** A weekly Recurring Clean (1500 sq ft, basic visit, oven and refrigerator add-ons, 10 % off the first), scheduled. */
  const recurringDeal = (over: Record<string, unknown> = {}) =>
    api.db.deal.create({
      data: {
        contactId, name: 'Recurring Clean for Wendy Weekly', source: 'public_form', stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: FIRST_VISIT, ownerId, durationMinutes: 150,
        serviceType: 'Recurring Clean', visitType: 'basic', frequency: 'weekly', squareFootage: 1500, skus: ['recurring-basic-1500', 'addon-oven', 'addon-refrigerator'],
        amountCents: 28_710, discountPercent: 10, street: '12 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303', ...over,
      },
    });
  const makePlan = (dealId: string, body: unknown) => office.request(`/api/internal/admin/deals/${dealId}/plan`, { method: 'POST', body });

  it('makes the plan from the cleaning, links it as the first visit and makes the 8 weeks of visits at once', async () => {
    const deal = await recurringDeal();
    const res = await makePlan(deal.id, { frequency: 'weekly', recurringAddOns: ['addon-refrigerator'] });
    expect(res.status).toBe(201);
    const { planId, visits } = (await res.json()) as { planId: string; visits: number };
    // Dec 1 (the cleaning itself) through Jan 19: eight Tuesdays ahead of Nov 24.
    expect(visits).toBe(8);
    const plan = await api.db.recurringPlan.findUniqueOrThrow({ where: { id: planId } });
    expect(plan).toMatchObject({ contactId, frequency: 'weekly', weekday: 2, startTime: '10:00', durationMinutes: 150, ownerId, status: 'active', createdBy: expect.stringContaining('@') });
    // A later visit: the catalogue's $179 and the refrigerator every time; the oven was for the first visit only.
    expect(plan).toMatchObject({ skus: ['recurring-basic-1500', 'addon-refrigerator'], firstVisitSkus: ['addon-oven'], firstVisitCents: 28_710 });
    expect(plan.amountCents).toBe(17_900 + 6_000);
    const linked = await api.db.deal.findUniqueOrThrow({ where: { id: deal.id } });
    expect(linked.planId).toBe(planId);
    expect(linked.planOccurrence?.toISOString().slice(0, 10)).toBe('2026-12-01');
    const made = await api.db.deal.findMany({ where: { planId, id: { not: deal.id } }, orderBy: { planOccurrence: 'asc' } });
    expect(made.map((d) => d.planOccurrence?.toISOString().slice(0, 10))).toEqual(['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05', '2027-01-12', '2027-01-19']);
    expect(made.every((d) => d.amountCents === plan.amountCents && d.ownerId === ownerId && d.source === 'plan')).toBe(true);
    expect(await api.db.outboxEvent.count({ where: { type: 'crm.push-booking', aggregateId: { in: made.map((d) => d.id) } } })).toBe(7);

    const list = (await (await office.request('/api/internal/admin/plans')).json()) as { plans: PlanView[] };
    const listed = list.plans.find((p) => p.id === planId)!;
    expect(listed).toMatchObject({ customerName: 'Wendy Weekly', rule: 'Every Tuesday at 10:00 AM', ownerName: 'Maria Alvarez', pausedNow: false, status: 'active' });
    expect(listed.nextVisit?.dealId).toBe(deal.id);
    expect(listed.monthlyCents).toBe(Math.round((52 / 12) * plan.amountCents));
    const detail = (await (await office.request(`/api/internal/admin/plans/${planId}`)).json()) as PlanView;
    expect(detail.visits).toHaveLength(8);
    // The calendar marks the plan's visits, and no other cleaning.
    const week = (await (await office.request('/api/hubspot/admin/scheduledDeals?start=2026-12-07T00:00:00Z&end=2026-12-14T00:00:00Z')).json()) as { id: string; planVisit?: boolean }[];
    expect(week.find((d) => d.id === made[0]!.id)?.planVisit).toBe(true);
    expect(week.filter((d) => d.planVisit).every((d) => made.some((m) => m.id === d.id))).toBe(true);
  });

  it('detaches a visit the office changes on its own: moved, it is no longer the plan\'s to change', async () => {
    const deal = await recurringDeal();
    const { planId } = (await (await makePlan(deal.id, { frequency: 'weekly' })).json()) as { planId: string };
    const [, second, third] = await api.db.deal.findMany({ where: { planId }, orderBy: { planOccurrence: 'asc' } });
    const moved = await office.request(`/api/internal/admin/deals/${second!.id}/schedule`, {
      method: 'POST',
      body: { scheduledAt: '2026-12-09T15:00:00.000Z', durationMinutes: 150, ownerId, seenModifiedAt: null, acceptWarnings: ['cleaner-busy', 'not-asked-date', 'outside-hours'] },
    });
    expect(moved.status, await moved.clone().text()).toBe(202);
    // Another cleaner for a visit: the check says whose plan it is (the main reason a customer asks for a change).
    const other = (await api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName: 'Bea', lastName: 'Other', isCleaner: true } })).id;
    const check = await office.request(`/api/internal/admin/deals/${third!.id}/schedule/check`, {
      method: 'POST',
      body: { scheduledAt: '2026-12-15T15:00:00.000Z', durationMinutes: 150, ownerId: other, seenModifiedAt: null },
    });
    const { warnings } = (await check.json()) as { warnings: { code: string; message: string }[] };
    expect(warnings).toContainEqual({ code: 'not-preferred-cleaner', message: "This visit's plan has Maria Alvarez as the customer's cleaner." });
    expect((await api.db.deal.findUniqueOrThrow({ where: { id: second!.id } })).planDetachedAt).not.toBeNull();
    expect((await api.db.deal.findUniqueOrThrow({ where: { id: third!.id } })).planDetachedAt).toBeNull();
    const detail = (await (await office.request(`/api/internal/admin/plans/${planId}`)).json()) as PlanView;
    expect(detail.visits.filter((v) => v.detached).map((v) => v.dealId)).toEqual([second!.id]);
  });

  it("puts a plan on the board when its next visit clashes with another of its cleaner's cleanings", async () => {
    const board = async () => ((await (await office.request('/api/internal/admin/today')).json()) as TodayBoard).plans;
    const deal = await recurringDeal({ scheduledAt: new Date('2026-12-02T15:00:00Z') });
    await makePlan(deal.id, { frequency: 'weekly' });
    expect((await board()).items.map((d) => d.id)).not.toContain(deal.id);
    // Another cleaning of Maria's an hour into the first visit.
    await api.db.deal.create({ data: { contactId, name: 'Deep Clean', source: 'hubspot', stageId: STAGE.CLEANING_SCHEDULED, ownerId, scheduledAt: new Date('2026-12-02T16:00:00Z'), durationMinutes: 120 } });
    expect((await board()).items.map((d) => d.id)).toContain(deal.id);
    // A deep clean without a planned length counts its package's 4 hours, as the schedule's warning does.
    const later = await recurringDeal({ scheduledAt: new Date('2026-12-03T17:00:00Z') });
    await makePlan(later.id, { frequency: 'weekly' });
    await api.db.deal.create({ data: { contactId, name: 'Deep Clean', source: 'hubspot', serviceType: 'Deep Clean', stageId: STAGE.CLEANING_SCHEDULED, ownerId, scheduledAt: new Date('2026-12-03T14:00:00Z') } });
    expect((await board()).items.map((d) => d.id)).toContain(later.id);
  });

  it('makes one plan of a cleaning, however often or at once it is asked', async () => {
    const deal = await recurringDeal();
    const answers = await Promise.all([makePlan(deal.id, { frequency: 'every_2_weeks' }), makePlan(deal.id, { frequency: 'every_2_weeks' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const again = await makePlan(deal.id, { frequency: 'weekly' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(apiErrorBody(PLAN_EXISTS, 'plan_exists', 'dealId'));
    const plans = await api.db.recurringPlan.findMany({ where: { visits: { some: { id: deal.id } } } });
    expect(plans).toHaveLength(1);
    expect(await api.db.deal.count({ where: { planId: plans[0]!.id } })).toBe(4);
  });

  it('refuses what cannot become a plan, naming the field, and writes nothing', async () => {
    const before = await api.db.recurringPlan.count();
    const unscheduled = await recurringDeal({ stageId: STAGE.SCHEDULING_IN_PROGRESS, scheduledAt: null, ownerId: null });
    expect(await (await makePlan(unscheduled.id, { frequency: 'weekly' })).json()).toEqual(apiErrorBody(PLAN_NEEDS_SCHEDULE, 'not_scheduled', 'stageId'));
    const oneOff = await recurringDeal({ serviceType: 'Deep Clean', visitType: null, frequency: null, skus: ['deep-1500'] });
    expect(await (await makePlan(oneOff.id, { frequency: 'weekly' })).json()).toEqual(apiErrorBody(PLAN_NEEDS_RECURRING, 'not_recurring', 'serviceType'));
    const deal = await recurringDeal();
    const wrongAddOn = await makePlan(deal.id, { frequency: 'weekly', recurringAddOns: ['addon-interior-windows'] });
    expect(wrongAddOn.status).toBe(400);
    expect(await wrongAddOn.json()).toEqual(apiErrorBody(PLAN_ADD_ONS_INVALID, 'validation_failed', 'recurringAddOns'));
    const unknownField = await makePlan(deal.id, { frequency: 'weekly', price: 1 });
    expect(unknownField.status).toBe(400);
    const noFrequency = await makePlan(deal.id, {});
    expect(((await noFrequency.json()) as { field?: string }).field).toBe('frequency');
    const nthNotMonthly = await makePlan(deal.id, { frequency: 'weekly', nth: 2 });
    expect(((await nthNotMonthly.json()) as { field?: string }).field).toBe('nth');
    const endBeforeStart = await makePlan(deal.id, { frequency: 'weekly', endDate: '2026-11-30' });
    expect(((await endBeforeStart.json()) as { field?: string }).field).toBe('endDate');
    expect((await makePlan('no-such-deal', { frequency: 'weekly' })).status).toBe(404);
    expect(await api.db.recurringPlan.count()).toBe(before);
    expect((await api.db.deal.findUniqueOrThrow({ where: { id: deal.id } })).planId).toBeNull();
  });

  it('makes a monthly plan on the week of the month the first visit falls in', async () => {
    const deal = await recurringDeal();
    const { planId } = (await (await makePlan(deal.id, { frequency: 'monthly_nth_weekday' })).json()) as { planId: string };
    const detail = (await (await office.request(`/api/internal/admin/plans/${planId}`)).json()) as PlanView;
    expect(detail.rule).toBe('The first Tuesday of each month at 10:00 AM');
    expect(detail.visits.map((v) => v.occurrence)).toEqual(['2026-12-01', '2027-01-05']);
  });
});
