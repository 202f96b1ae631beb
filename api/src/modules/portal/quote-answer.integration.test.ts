import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { QUOTE_ALREADY_ANSWERED, QUOTE_NOT_AWAITING, quoteSchema, sentQuote } from '@app/shared/quote';
import { createCustomer, signIn, startPortalApi, TestBrowser, type PortalApi, type TestCustomer } from '../../../../test/portal-app';

const START = new Date('2026-11-22T15:00:00Z');
const QUOTE = sentQuote(quoteSchema.parse({ serviceType: 'Basic Clean', squareFootage: 1000, addOns: ['addon-microwave'], adjustmentCents: -400, adjustmentReason: 'Neighbour discount' }));

describe('customer portal API: the quote on a cleaning, approved or declined', () => {
  let api: PortalApi;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let browser: TestBrowser;

  beforeAll(async () => {
    api = await startPortalApi('portal-quote', START);
    alice = await createCustomer(api.db);
    bob = await createCustomer(api.db);
    browser = new TestBrowser(api.url);
    await signIn(api, browser, alice);
  });
  afterAll(() => api.close());

  /** A deal of the contact with a quote HubSpot has (an applied 'quote' command). */
  async function quotedDeal(contactId: string, stageId: string = STAGE.AWAITING_QUOTE_APPROVAL, status: 'applied' | 'pending' = 'applied') {
    const deal = await api.db.deal.create({ data: { contactId, name: 'Basic Clean', stageId, source: 'hubspot', hubspotId: `hs-${randomUUID()}`, amountCents: QUOTE.totalCents } });
    const command = await api.db.dealCommand.create({
      data: {
        dealId: deal.id,
        kind: 'quote',
        changes: { stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: QUOTE.totalCents, quote: QUOTE },
        seen: { stageId: STAGE.CREATING_QUOTE, scheduledAt: null, ownerId: null, amountCents: null },
        staffEmail: 'office@cleaning.example',
        status,
      },
    });
    return { dealId: deal.id, commandId: command.id };
  }

  const getQuote = (dealId: string, who = browser) => who.request(`/api/portal/deals/${dealId}/quote`);
  const answer = (dealId: string, body: unknown, who = browser) => who.post(`/api/portal/deals/${dealId}/quote-answer`, body);
  const answersOf = (dealId: string) => api.db.quoteAnswer.findMany({ where: { dealId } });
  const eventsOf = async (dealId: string) => {
    const ids = (await answersOf(dealId)).map((a) => a.id);
    return api.db.outboxEvent.findMany({ where: { type: 'crm.apply-quote-answer', aggregateId: { in: ids } } });
  };

  it('shows the quote of a cleaning awaiting approval: lines, adjustment with its reason, total', async () => {
    const { dealId, commandId } = await quotedDeal(alice.id);
    const res = await getQuote(dealId);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({
      canAnswer: true,
      quote: {
        commandId,
        sentAt: expect.any(String),
        quote: {
          serviceType: 'Basic Clean',
          squareFootage: 1000,
          visitType: null,
          frequency: null,
          lines: [
            { id: 'basic-1000', name: 'Single Basic Clean (0-1000 sq ft)', cents: 14_900 },
            { id: 'addon-microwave', name: 'Microwave', cents: 2_500 },
          ],
          subtotalCents: 17_400,
          discountPercent: null,
          discountCents: 0,
          adjustmentCents: -400,
          adjustmentReason: 'Neighbour discount',
          totalCents: 17_000,
        },
        answer: null,
      },
    });
  });

  it('shows no quote while the office\'s quote is still on its way to HubSpot', async () => {
    const { dealId } = await quotedDeal(alice.id, STAGE.CREATING_QUOTE, 'pending');
    expect(await (await getQuote(dealId)).json()).toEqual({ quote: null, canAnswer: false });
    expect((await answer(dealId, { answer: 'approved' })).status).toBe(409);
  });

  it('records an approval with its outbox event, shows it at once as pending, and refuses a second answer', async () => {
    const { dealId, commandId } = await quotedDeal(alice.id);
    const res = await answer(dealId, { answer: 'approved' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true, canAnswer: false, quote: { commandId, answer: { answer: 'approved', reason: null, status: 'pending' } } });
    const [row] = await answersOf(dealId);
    expect(row).toMatchObject({ quoteCommandId: commandId, contactId: alice.id, answer: 'approved', status: 'pending' });
    expect((await eventsOf(dealId)).map((e) => e.payload)).toEqual([{ answerId: row!.id }]);
    expect(await (await getQuote(dealId)).json()).toMatchObject({ canAnswer: false, quote: { answer: { answer: 'approved', status: 'pending' } } });

    const again = await answer(dealId, { answer: 'declined', reason: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'quote_answered', error: QUOTE_ALREADY_ANSWERED, field: 'answer' });
    expect(await answersOf(dealId)).toHaveLength(1);
  });

  it('takes one of two answers sent at once', async () => {
    const { dealId } = await quotedDeal(alice.id);
    const answers = await Promise.all([answer(dealId, { answer: 'approved' }), answer(dealId, { answer: 'declined' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await answersOf(dealId)).toHaveLength(1);
    expect(await eventsOf(dealId)).toHaveLength(1);
  });

  it('records a decline with the customer\'s reason, naming the field of a bad answer', async () => {
    const { dealId } = await quotedDeal(alice.id);
    const long = await answer(dealId, { answer: 'declined', reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ field: 'reason' });
    const unclear = await answer(dealId, { answer: 'perhaps' });
    expect(await unclear.json()).toMatchObject({ field: 'answer' });
    expect(await answersOf(dealId)).toEqual([]);

    const res = await answer(dealId, { answer: 'declined', reason: '  We found someone nearer  ' });
    expect(res.status).toBe(201);
    expect((await answersOf(dealId))[0]).toMatchObject({ answer: 'declined', reason: 'We found someone nearer' });
  });

  it('refuses an answer to a cleaning no longer awaiting approval', async () => {
    const { dealId } = await quotedDeal(alice.id, STAGE.INVOICE_PAYMENT_NEEDED);
    expect(await (await getQuote(dealId)).json()).toMatchObject({ canAnswer: false, quote: { answer: null } });
    const res = await answer(dealId, { answer: 'approved' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'quote_not_awaiting', error: QUOTE_NOT_AWAITING });
    expect(await answersOf(dealId)).toEqual([]);
  });

  it('shows a customer only their own quotes: another customer\'s deal is a 404, no session a 401', async () => {
    const { dealId } = await quotedDeal(bob.id);
    expect((await getQuote(dealId)).status).toBe(404);
    expect((await answer(dealId, { answer: 'approved' })).status).toBe(404);
    expect((await getQuote('no-such-deal')).status).toBe(404);
    const stranger = new TestBrowser(api.url);
    expect((await getQuote(dealId, stranger)).status).toBe(401);
    expect((await answer(dealId, { answer: 'approved' }, stranger)).status).toBe(401);
    expect(await answersOf(dealId)).toEqual([]);
  });
});
