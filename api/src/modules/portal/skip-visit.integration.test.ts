import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '@app/shared/api-error';
import { STAGE } from '@app/shared/deal-stages';
import { NOT_SKIPPABLE, PLAN_VISIT_SKIPPED, SKIP_PENDING } from '@app/shared/recurring-plan';
import { NOT_A_PLAN_VISIT } from '@app/shared/manage-booking';
import { CHANGE_LOCKED_24H } from '@app/shared/texts';
import { createCustomer, signIn, startPortalApi, TestBrowser, type PortalApi, type TestCustomer } from '../../../../test/portal-app';

const HOUR = 3_600_000;
// 10:00 in Atlanta on Sunday 22 November 2026.
const START = new Date('2026-11-22T15:00:00Z');
const IN_3_DAYS = new Date(START.getTime() + 72 * HOUR);

interface PortalCard {
  id: string;
  plan?: { rule: string; skippable: boolean };
}

describe('customer portal API: skipping one visit of a recurring plan', () => {
  let api: PortalApi;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let browser: TestBrowser;
  let planId: string;

  beforeAll(async () => {
    api = await startPortalApi('portal-skip', START);
    alice = await createCustomer(api.db, { with: 'invite' });
    bob = await createCustomer(api.db, { with: 'invite' });
    browser = new TestBrowser(api.url);
    await signIn(api, browser, alice);
    planId = (
      await api.db.recurringPlan.create({
        data: {
          contactId: alice.id, squareFootage: 1500, serviceType: 'Recurring Clean', visitType: 'basic', skus: ['recurring-basic-1500'], amountCents: 17_900, firstVisitCents: 17_900,
          frequency: 'weekly', weekday: 3, startTime: '10:00', durationMinutes: 120, startDate: new Date('2026-11-25T00:00:00Z'), createdBy: 'office@example.com',
        },
      })
    ).id;
  });
  afterAll(() => api.close());

  let occurrence = 0;
  /** A visit of Alice's plan, scheduled `at`. */
  const visit = (at: Date, data: Record<string, unknown> = {}) =>
    api.db.deal.create({
      data: {
        contactId: alice.id, name: 'Recurring Clean', stageId: STAGE.CLEANING_SCHEDULED, source: 'plan', scheduledAt: at, skus: ['recurring-basic-1500'],
        planId, planOccurrence: new Date(Date.UTC(2027, 0, 1 + occurrence++)), ...data,
      },
    });
  const skip = (dealId: string, who = browser, body: unknown = {}) => who.post(`/api/portal/deals/${dealId}/skip`, body);
  const card = async (dealId: string) => {
    const { upcoming } = (await (await browser.request('/api/portal/deals')).json()) as { upcoming: PortalCard[] };
    return upcoming.find((d) => d.id === dealId);
  };

  it('shows the plan on its visits, skips one as the customer\'s command to Canceled, detached, and offers it once', async () => {
    const deal = await visit(IN_3_DAYS);
    expect(await card(deal.id)).toMatchObject({ plan: { rule: 'Every Wednesday at 10:00 AM', skippable: true } });
    const res = await skip(deal.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: PLAN_VISIT_SKIPPED });
    const [command] = await api.db.dealCommand.findMany({ where: { dealId: deal.id } });
    expect(command).toMatchObject({ kind: 'move', status: 'pending', changes: { stageId: STAGE.CANCELED }, staffEmail: `${alice.email} (the customer, in the portal)` });
    expect(await api.db.outboxEvent.count({ where: { type: 'crm.apply-deal-command', aggregateId: command!.id } })).toBe(1);
    expect((await api.db.deal.findUniqueOrThrow({ where: { id: deal.id } })).planDetachedAt).not.toBeNull();
    // On its way: not offered again, and a second skip is refused in the customer's words.
    expect((await card(deal.id))?.plan).toEqual({ rule: 'Every Wednesday at 10:00 AM', skippable: false });
    expect(await (await skip(deal.id)).json()).toEqual(apiErrorBody(SKIP_PENDING, 'change_pending'));
    expect(await api.db.dealCommand.count({ where: { dealId: deal.id } })).toBe(1);
  });

  it('refuses within 24 hours, a cleaning of no plan, one already canceled, and another customer\'s, writing nothing', async () => {
    const tomorrow = await visit(new Date(START.getTime() + 20 * HOUR));
    expect((await card(tomorrow.id))?.plan?.skippable).toBe(false);
    const locked = await skip(tomorrow.id);
    expect(locked.status).toBe(409);
    expect(await locked.json()).toEqual(apiErrorBody(CHANGE_LOCKED_24H, 'change_locked'));
    const oneOff = await api.db.deal.create({ data: { contactId: alice.id, name: 'Deep Clean', stageId: STAGE.CLEANING_SCHEDULED, source: 'portal', scheduledAt: IN_3_DAYS } });
    expect(await (await skip(oneOff.id)).json()).toEqual(apiErrorBody(NOT_SKIPPABLE, 'not_skippable'));
    const canceled = await visit(IN_3_DAYS, { stageId: STAGE.CANCELED });
    expect((await skip(canceled.id)).status).toBe(409);
    const bobs = new TestBrowser(api.url);
    await signIn(api, bobs, bob);
    const aliceVisit = await visit(IN_3_DAYS);
    expect((await skip(aliceVisit.id, bobs)).status).toBe(404);
    expect((await skip(aliceVisit.id, new TestBrowser(api.url))).status).toBe(401);
    expect((await skip(aliceVisit.id, browser, { reason: 'away' })).status).toBe(400);
    expect(await api.db.dealCommand.count({ where: { dealId: { in: [tomorrow.id, oneOff.id, canceled.id, aliceVisit.id] } } })).toBe(0);
  });

  it('asks to pause or change the plan from a visit, as a change request the office reads; only on a plan visit', async () => {
    const deal = await visit(IN_3_DAYS);
    const ask = (dealId: string, plan: unknown, reason = 'We are away for the holidays.') =>
      browser.post('/api/hubspot/portal/manageBooking', { email: alice.email, dealId, action: 'change', reason, changeType: 'Other', hs_ticket_category: 'Reschedule Request', plan });
    const paused = await ask(deal.id, { ask: 'pause', from: '2026-12-20', to: '2027-01-03' });
    expect(paused.status, await paused.clone().text()).toBe(201);
    const ticket = await api.db.ticket.findFirstOrThrow({ where: { dealId: deal.id }, orderBy: { createdAt: 'desc' } });
    expect(ticket.reason).toBe('About the plan (Every Wednesday at 10:00 AM): please pause my visits from Sun, Dec 20 to Sun, Jan 3. We are away for the holidays.');
    expect(ticket.changeType).toBe('Other');

    const other = await visit(new Date(IN_3_DAYS.getTime() + 7 * 24 * HOUR));
    expect((await ask(other.id, { ask: 'change' }, 'Thursdays suit us better.')).status).toBe(201);
    expect((await api.db.ticket.findFirstOrThrow({ where: { dealId: other.id } })).reason).toBe('About the plan (Every Wednesday at 10:00 AM): please change this and every later visit. Thursdays suit us better.');

    // A pause that ends before it starts, or starts today, names its field; a cleaning of no plan cannot ask.
    const third = await visit(new Date(IN_3_DAYS.getTime() + 14 * 24 * HOUR));
    const backwards = await ask(third.id, { ask: 'pause', from: '2027-01-03', to: '2026-12-20' });
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { field?: string }).field).toBe('plan.to');
    const single = await api.db.deal.create({ data: { contactId: alice.id, name: 'Deep Clean', stageId: STAGE.CLEANING_SCHEDULED, source: 'hubspot', scheduledAt: IN_3_DAYS } });
    const refused = await ask(single.id, { ask: 'change' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(apiErrorBody(NOT_A_PLAN_VISIT, 'validation_failed', 'plan'));
    expect(await api.db.ticket.count({ where: { dealId: { in: [third.id, single.id] } } })).toBe(0);
  });
});
