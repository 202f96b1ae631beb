import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '@app/shared/api-error';
import { STAGE } from '@app/shared/deal-stages';
import type { PlanChangeStep } from '@app/shared/plan-change';
import { PLAN_CHANGE_ADD_ONS_INVALID, PLAN_CHANGE_EMPTY, PLAN_CHANGE_FROM_INVALID, PLAN_CHANGE_PENDING, PLAN_CHANGE_STALE, PLAN_HAS_ENDED } from '@app/shared/plan-change-input';
import { TestBrowser } from '../../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

/** 9 AM Eastern on Tuesday, November 24, 2026. */
const NOW = new Date('2026-11-24T14:00:00Z');
/** The first visit: Tuesday, December 1, 10 AM Eastern. */
const FIRST_VISIT = new Date('2026-12-01T15:00:00Z');
const unique = () => randomBytes(4).toString('hex');
const day = (date: Date | null) => date?.toISOString().slice(0, 10);

describe('staff API: the office changes a plan for this and every later visit', () => {
  let api: StaffApi;
  let office: TestBrowser;
  let ownerId: string;
  let contactId: string;

  beforeAll(async () => {
    api = await startStaffApi('plan-changes', NOW);
    office = new TestBrowser(api.url);
    await staffSignIn(api, office);
    ownerId = (await api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName: 'Maria', lastName: 'Alvarez', isCleaner: true } })).id;
    contactId = (await api.db.contact.create({ data: { email: `weekly.${unique()}@example.com`, firstName: 'Wendy', lastName: 'Weekly' } })).id;
  });
  afterAll(() => api?.close());

  /** A weekly plan of Tuesdays at 10 AM from December 1, its eight visits made. */
  async function weeklyPlan(): Promise<string> {
    const deal = await api.db.deal.create({
      data: {
        contactId, name: 'Recurring Clean for Wendy Weekly', source: 'public_form', stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: FIRST_VISIT, ownerId, durationMinutes: 150,
        serviceType: 'Recurring Clean', visitType: 'basic', frequency: 'weekly', squareFootage: 1500, skus: ['recurring-basic-1500'], amountCents: 16_110,
      },
    });
    const res = await office.request(`/api/internal/admin/deals/${deal.id}/plan`, { method: 'POST', body: { frequency: 'weekly' } });
    expect(res.status).toBe(201);
    const { planId } = (await res.json()) as { planId: string };
    // The first visit's own command (the plan's properties on its HubSpot deal), applied as the worker would.
    const first = await api.db.dealCommand.updateMany({ where: { dealId: deal.id, kind: 'plan', status: 'pending' }, data: { status: 'applied' } });
    expect(first.count).toBe(1);
    return planId;
  }
  const pendingCommands = (planId: string) => api.db.dealCommand.count({ where: { deal: { planId }, status: 'pending' } });
  const change = (planId: string, body: unknown) => office.request(`/api/internal/admin/plans/${planId}/changes`, { method: 'POST', body });
  const visitsOf = (planId: string) => api.db.deal.findMany({ where: { planId }, orderBy: { planOccurrence: 'asc' }, include: { commands: true } });

  it('previews Tuesday to Wednesday from the third visit, writing nothing, then saves it as one command per visit', async () => {
    const planId = await weeklyPlan();
    // Maria already cleans elsewhere on the first Wednesday at 11: the preview says so, as the scheduling would.
    await api.db.deal.create({ data: { contactId, name: 'Deep Clean for Bo', source: 'hubspot', stageId: STAGE.CLEANING_SCHEDULED, ownerId, scheduledAt: new Date('2026-12-16T16:00:00Z'), durationMinutes: 120 } });
    const body = { change: 'rule', from: '2026-12-15', weekday: 3 };
    const preview = await change(planId, { ...body, preview: true });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const { steps, expect: token } = (await preview.json()) as { steps: Array<PlanChangeStep & { warnings: string[] }>; expect: string };
    expect(steps[0]!.warnings).toEqual([expect.stringMatching(/^Maria Alvarez already has a cleaning then: Deep Clean for Bo on /)]);
    expect(steps.slice(1).every((s) => s.warnings.length === 0)).toBe(true);
    expect(steps.map((s) => s.action)).toEqual(['move', 'move', 'move', 'move', 'move', 'move']);
    expect(steps.map((s) => s.action === 'move' && s.after.occurrence)).toEqual(['2026-12-16', '2026-12-23', '2026-12-30', '2027-01-06', '2027-01-13', '2027-01-20']);
    expect(await pendingCommands(planId)).toBe(0);
    expect((await api.db.recurringPlan.findUniqueOrThrow({ where: { id: planId } })).weekday).toBe(2);

    const saved = await change(planId, { ...body, expect: token });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toEqual({ success: true, counts: { move: 6, restore: 0, cancel: 0, make: 0, keep: 0 } });
    const plan = await api.db.recurringPlan.findUniqueOrThrow({ where: { id: planId } });
    expect(plan).toMatchObject({ weekday: 3, startTime: '10:00' });
    expect(day(plan.ruleFrom)).toBe('2026-12-15');
    const visits = await visitsOf(planId);
    // The first two stay Tuesdays; the others hold their Wednesdays, not detached, each with its command on its way.
    expect(visits.map((v) => day(v.planOccurrence))).toEqual(['2026-12-01', '2026-12-08', '2026-12-16', '2026-12-23', '2026-12-30', '2027-01-06', '2027-01-13', '2027-01-20']);
    const moved = visits.slice(2);
    expect(moved.every((v) => v.planDetachedAt === null && v.commands.length === 1 && v.commands[0]!.kind === 'plan' && v.commands[0]!.status === 'pending')).toBe(true);
    expect(moved[0]!.commands[0]!.changes).toMatchObject({ stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: '2026-12-16T15:00:00.000Z', ownerId, planOccurrence: '2026-12-16' });
    // Only the earliest tells the customer; the others are quiet.
    expect(moved.map((v) => (v.commands[0]!.changes as { quiet?: boolean }).quiet ?? false)).toEqual([false, true, true, true, true, true]);
    expect(await api.db.outboxEvent.count({ where: { type: 'crm.apply-deal-command', aggregateId: { in: moved.map((v) => v.commands[0]!.id) } } })).toBe(6);

    // While those are on their way, the plan takes no other change.
    const again = await change(planId, { change: 'rule', from: '2026-12-15', startTime: '13:00', preview: true });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(apiErrorBody(PLAN_CHANGE_PENDING, 'plan_change_pending', 'planId'));
  });

  it('adds an every-visit add-on from the fourth visit: repriced from the catalogue, the products go with each command', async () => {
    const planId = await weeklyPlan();
    const body = { change: 'rule', from: '2026-12-22', addOns: ['addon-microwave'] };
    const preview = await change(planId, { ...body, preview: true });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const { steps, expect: token } = (await preview.json()) as { steps: PlanChangeStep[]; expect: string };
    // A later visit of a 1500 sq ft basic plan: $179.00, with the microwave $25.00 more.
    expect(steps.map((s) => s.action === 'move' && [s.after.occurrence, s.after.amountCents, s.after.skus])).toEqual(
      ['2026-12-22', '2026-12-29', '2027-01-05', '2027-01-12', '2027-01-19'].map((date) => [date, 20_400, ['recurring-basic-1500', 'addon-microwave']]),
    );
    expect((await change(planId, { ...body, expect: token })).status).toBe(200);
    const plan = await api.db.recurringPlan.findUniqueOrThrow({ where: { id: planId } });
    expect(plan).toMatchObject({ skus: ['recurring-basic-1500', 'addon-microwave'], amountCents: 20_400 });
    const visits = await visitsOf(planId);
    expect(visits.slice(0, 3).every((v) => v.commands.every((c) => c.status === 'applied'))).toBe(true);
    expect(visits.slice(3).map((v) => v.commands[0]!.changes)).toEqual(visits.slice(3).map(() => expect.objectContaining({ amountCents: 20_400, skus: ['recurring-basic-1500', 'addon-microwave'] })));

    // The office's own price wins over the catalogue's; an add-on the catalogue does not sell is named.
    const other = await weeklyPlan();
    const priced = await change(other, { change: 'rule', from: '2026-12-22', addOns: ['addon-oven'], amountCents: 19_000, preview: true });
    expect(priced.status).toBe(200);
    const pricedSteps = ((await priced.json()) as { steps: PlanChangeStep[] }).steps;
    expect(pricedSteps.every((s) => s.action === 'move' && s.after.amountCents === 19_000 && s.after.skus.includes('addon-oven'))).toBe(true);
    const unknown = await change(planId, { change: 'rule', from: '2026-12-22', addOns: ['addon-carpet-shampooing'], preview: true });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual(apiErrorBody(PLAN_CHANGE_ADD_ONS_INVALID, 'validation_failed', 'addOns'));
  });

  it('refuses a save whose preview no longer holds, and writes nothing', async () => {
    const planId = await weeklyPlan();
    const body = { change: 'rule', from: '2026-12-08', startTime: '13:00' };
    const { expect: token } = (await (await change(planId, { ...body, preview: true })).json()) as { expect: string };
    // Meanwhile the office moves the fourth visit on its own.
    const fourth = (await visitsOf(planId))[3]!;
    await api.db.deal.update({ where: { id: fourth.id }, data: { planDetachedAt: new Date() } });
    const stale = await change(planId, { ...body, expect: token });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual(apiErrorBody(PLAN_CHANGE_STALE, 'plan_changed', 'expect'));
    expect(await pendingCommands(planId)).toBe(0);
    expect((await api.db.recurringPlan.findUniqueOrThrow({ where: { id: planId } })).startTime).toBe('10:00');
  });

  it('pauses two weeks, canceling their visits, and resumes, restoring them', async () => {
    const planId = await weeklyPlan();
    const paused = await change(planId, { change: 'pause', from: '2026-12-20', to: '2027-01-03' });
    expect(await paused.json()).toEqual({ success: true, counts: { move: 0, restore: 0, cancel: 2, make: 0, keep: 0 } });
    const canceled = (await visitsOf(planId)).filter((v) => v.planFlag === 'plan_canceled');
    expect(canceled.map((v) => day(v.planOccurrence))).toEqual(['2026-12-22', '2026-12-29']);
    expect(canceled.every((v) => (v.commands[0]!.changes as { stageId: string }).stageId === STAGE.CANCELED)).toBe(true);
    // HubSpot took the cancellations: the mirror holds them as Canceled.
    await api.db.dealCommand.updateMany({ where: { dealId: { in: canceled.map((v) => v.id) } }, data: { status: 'applied' } });
    await api.db.deal.updateMany({ where: { id: { in: canceled.map((v) => v.id) } }, data: { stageId: STAGE.CANCELED } });
    expect(((await api.db.recurringPlan.findUniqueOrThrow({ where: { id: planId } })).pauses as unknown[]).length).toBe(1);

    const resumed = await change(planId, { change: 'resume' });
    expect(await resumed.json()).toEqual({ success: true, counts: { move: 0, restore: 2, cancel: 0, make: 0, keep: 0 } });
    expect((await api.db.recurringPlan.findUniqueOrThrow({ where: { id: planId } })).pauses).toEqual([]);
    const restored = await api.db.dealCommand.findMany({ where: { dealId: { in: canceled.map((v) => v.id) }, status: 'pending' } });
    expect(restored.map((c) => (c.changes as { stageId: string }).stageId)).toEqual([STAGE.CLEANING_SCHEDULED, STAGE.CLEANING_SCHEDULED]);
    // Nothing made twice: still one visit per Tuesday.
    expect(await api.db.deal.count({ where: { planId } })).toBe(8);
  });

  it('ends a plan after a visit, canceling the later ones; an ended plan takes no change', async () => {
    const planId = await weeklyPlan();
    const ended = await change(planId, { change: 'end', lastDate: '2026-12-31' });
    expect(await ended.json()).toMatchObject({ success: true, counts: { cancel: 3 } });
    expect(day((await api.db.recurringPlan.findUniqueOrThrow({ where: { id: planId } })).endDate)).toBe('2026-12-31');
    const now = await weeklyPlan();
    expect(await (await change(now, { change: 'end', lastDate: '2026-11-24' })).json()).toMatchObject({ success: true, counts: { cancel: 8 } });
    expect((await api.db.recurringPlan.findUniqueOrThrow({ where: { id: now } })).status).toBe('ended');
    // A plan whose rule changed from a later day may still end before that day: its changed visits are canceled.
    const changedLater = await weeklyPlan();
    expect((await change(changedLater, { change: 'rule', from: '2026-12-22', startTime: '13:00' })).status).toBe(200);
    await api.db.dealCommand.updateMany({ where: { deal: { planId: changedLater } }, data: { status: 'applied' } });
    expect(await (await change(changedLater, { change: 'end', lastDate: '2026-12-10' })).json()).toMatchObject({ success: true, counts: { cancel: 6 } });
    // Ended before its first visit (Dec 1, a week ahead): it ends now, every visit canceled.
    const neverStarted = await weeklyPlan();
    expect(await (await change(neverStarted, { change: 'end', lastDate: '2026-11-28' })).json()).toMatchObject({ success: true, counts: { cancel: 8 } });
    expect(await api.db.recurringPlan.findUniqueOrThrow({ where: { id: neverStarted } })).toMatchObject({ status: 'ended', endDate: null });
    // A rule change asked from before the first visit changes from the first visit.
    const early = await weeklyPlan();
    expect((await change(early, { change: 'rule', from: '2026-11-26', startTime: '13:00' })).status).toBe(200);
    expect(day((await api.db.recurringPlan.findUniqueOrThrow({ where: { id: early } })).ruleFrom)).toBe('2026-12-01');
    const after = await change(now, { change: 'resume' });
    expect(after.status).toBe(409);
    expect(await after.json()).toEqual(apiErrorBody(PLAN_HAS_ENDED, 'plan_ended', 'planId'));
  });

  it('refuses a change that names nothing, starts in the past or names an unknown field, naming the field', async () => {
    const planId = await weeklyPlan();
    const empty = await change(planId, { change: 'rule', from: '2026-12-15' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual(apiErrorBody(PLAN_CHANGE_EMPTY, 'validation_failed', 'weekday'));
    const past = await change(planId, { change: 'rule', from: '2026-11-24', weekday: 3 });
    expect(await past.json()).toEqual(apiErrorBody(PLAN_CHANGE_FROM_INVALID, 'validation_failed', 'from'));
    expect((await change(planId, { change: 'rule', from: '2026-12-15', weekday: 3, color: 'red' })).status).toBe(400);
    expect((await change(planId, { change: 'rule', from: '2026-12-15', ownerId: 'nobody' })).status).toBe(400);
    expect((await change('7d444840-9dc0-11d1-b245-5ffdce74fad2', { change: 'resume' })).status).toBe(404);
    expect(await pendingCommands(planId)).toBe(0);
  });
});
