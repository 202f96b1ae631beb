import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { createCustomer, signIn, startPortalApi, TestBrowser, type PortalApi, type TestCustomer } from '../../../../test/portal-app';
import { apiErrorBody } from '@app/shared/api-error';

const HOUR = 3_600_000;
// 10:00 in Atlanta on Sunday 22 November 2026.
const START = new Date('2026-11-22T15:00:00Z');
/** A cleaning that started 5 hours ago and was planned for 3: it ended 2 hours ago. */
const ENDED_2H_AGO = { scheduledAt: new Date(START.getTime() - 5 * HOUR), durationMinutes: 180 };

type DealInput = Parameters<Db['deal']['create']>[0]['data'];

describe('customer portal API: "Something was missed" on a done cleaning', () => {
  let api: PortalApi;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let browser: TestBrowser;

  beforeAll(async () => {
    api = await startPortalApi('portal-reclean', START);
    alice = await createCustomer(api.db, { with: 'invite' });
    bob = await createCustomer(api.db, { with: 'invite' });
    browser = new TestBrowser(api.url);
    await signIn(api, browser, alice);
  });
  afterAll(() => api.close());

  const doneDeal = (contactId: string, data: Partial<DealInput> = {}) =>
    api.db.deal.create({ data: { contactId, name: 'Basic Clean', stageId: STAGE.CLEANING_DONE, source: 'hubspot', serviceType: 'basic-1500', ...ENDED_2H_AGO, ...data } as DealInput });
  const claim = (dealId: string, body: unknown = { missed: 'The oven was not cleaned.' }, who = browser) => who.post(`/api/portal/deals/${dealId}/reclean-claim`, body);
  const ticketsOf = (dealId: string) => api.db.ticket.findMany({ where: { dealId } });
  const portalDeal = async (dealId: string) => {
    const { past } = (await (await browser.request('/api/portal/deals')).json()) as { past: { id: string; reclean: unknown; activeRequest: unknown; manage: unknown }[] };
    return past.find((d) => d.id === dealId);
  };

  it('answers 401 without a session', async () => {
    const deal = await doneDeal(alice.id);
    const res = await claim(deal.id, undefined, new TestBrowser(api.url));
    expect(res.status).toBe(401);
    expect(await ticketsOf(deal.id)).toEqual([]);
  });

  it('files the claim as a ticket linked to the deal with its outbox event, and the card shows it', async () => {
    const deal = await doneDeal(alice.id);
    expect(await portalDeal(deal.id)).toMatchObject({ reclean: { until: new Date(START.getTime() + 46 * HOUR).toISOString(), claim: null } });

    const nudgesBefore = api.nudges();
    const res = await claim(deal.id, { missed: '  The oven was not cleaned.  ' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; message: string; ticketId: string };
    expect(body).toEqual({ success: true, message: 'Thank you for telling us. We will be in touch to put it right.', ticketId: expect.any(String) });

    const ticket = await api.db.ticket.findUniqueOrThrow({ where: { id: body.ticketId } });
    expect(ticket).toMatchObject({ dealId: deal.id, contactId: alice.id, category: 'RecleanClaim', reason: 'The oven was not cleaned.', changeType: null, pipelineStage: null });
    const event = await api.db.outboxEvent.findFirstOrThrow({ where: { aggregateType: 'ticket', aggregateId: ticket.id } });
    expect(event).toMatchObject({ type: 'crm.push-change-request', payload: { ticketId: ticket.id } });
    await expect.poll(() => api.nudges()).toBeGreaterThan(nudgesBefore);

    // The claim is the card's, not a change request: Change and Cancel are not about it.
    expect(await portalDeal(deal.id)).toMatchObject({
      activeRequest: null,
      reclean: { claim: { id: ticket.id, properties: { hs_ticket_category: 'Re-clean Claim', hs_pipeline_stage: null } } },
    });
  });

  it('refuses a second claim while the first is open, and takes one once the office answered', async () => {
    const deal = await doneDeal(alice.id);
    expect((await claim(deal.id)).status).toBe(201);
    const second = await claim(deal.id, { missed: 'And the windows.' });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual(apiErrorBody('We have your claim for this cleaning and will be in touch.', 'claim_in_progress'));
    expect(await ticketsOf(deal.id)).toHaveLength(1);

    await api.db.ticket.updateMany({ where: { dealId: deal.id }, data: { pipelineStage: '1613485806', declineReason: 'Not part of the booking' } });
    expect((await claim(deal.id, { missed: 'The bathroom mirror.' })).status).toBe(201);
    expect(await ticketsOf(deal.id)).toHaveLength(2);
  });

  it('takes one of two claims sent at once', async () => {
    const deal = await doneDeal(alice.id);
    const answers = await Promise.all([claim(deal.id), claim(deal.id), claim(deal.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await ticketsOf(deal.id)).toHaveLength(1);
  });

  it('refuses outside the window, with the company’s hours, and writes nothing', async () => {
    // Ended 48 hours ago to the minute: the window has just closed.
    const late = await doneDeal(alice.id, { scheduledAt: new Date(START.getTime() - 51 * HOUR) });
    const res = await claim(late.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(
      apiErrorBody(
        'It is more than 48 hours since this cleaning, so the satisfaction guarantee no longer covers it here. Please contact us if something is wrong.',
        'claim_window_closed',
      ),
    );
    expect(await ticketsOf(late.id)).toEqual([]);

    // Open until a minute from now; two minutes on it is closed.
    const endsSoon = { scheduledAt: new Date(START.getTime() - 50 * HOUR - 59 * 60_000) };
    const [first, second] = [await doneDeal(alice.id, endsSoon), await doneDeal(alice.id, endsSoon)];
    expect((await claim(first.id)).status).toBe(201);
    api.clock.advance(2 * 60_000);
    expect((await claim(second.id)).status).toBe(409);
  });

  it('refuses a cleaning that is not done, or done without a date', async () => {
    const scheduled = await doneDeal(alice.id, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date(START.getTime() + 48 * HOUR) });
    const undated = await doneDeal(alice.id, { scheduledAt: null });
    for (const deal of [scheduled, undated]) {
      const res = await claim(deal.id);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual(apiErrorBody('You can tell us something was missed once the cleaning is done.', 'not_done'));
      expect(await ticketsOf(deal.id)).toEqual([]);
    }
  });

  it('answers 404 for another customer’s cleaning (as for one that does not exist) and writes nothing', async () => {
    const bobs = await doneDeal(bob.id);
    for (const id of [bobs.id, 'no-such-deal']) {
      const res = await claim(id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(apiErrorBody('We could not find that booking.', 'not_found'));
    }
    expect(await ticketsOf(bobs.id)).toEqual([]);
    // Bob, signed in, may claim his own.
    const bobBrowser = new TestBrowser(api.url);
    await signIn(api, bobBrowser, bob);
    expect((await claim(bobs.id, undefined, bobBrowser)).status).toBe(201);
  });

  it('validates the body with the shared schema, naming the field', async () => {
    const deal = await doneDeal(alice.id);
    for (const [body, error] of [
      [{ missed: '  ' }, 'Please tell us what was missed.'],
      [{}, 'Please tell us what was missed.'],
      [{ missed: 'x'.repeat(1001) }, 'Please keep what was missed under 1000 characters.'],
    ] as const) {
      const res = await claim(deal.id, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(apiErrorBody(error, 'validation_failed', 'missed'));
    }
    expect((await claim(deal.id, { missed: 'The oven', photos: ['a.jpg'] })).status).toBe(400);
    expect(await ticketsOf(deal.id)).toEqual([]);
  });
});
