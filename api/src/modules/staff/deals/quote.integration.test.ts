import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_CHANGED, MOVE_PENDING } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { QUOTE_REASON_REQUIRED, QUOTE_TOTAL_NOT_POSITIVE } from '@app/shared/quote';
import { dealDetailsSchema } from '@app/shared/staff-board';
import { createCustomer, signIn, TestBrowser } from '../../../../../test/portal-app';
import { BOARD_NOW as NOW, addDeal } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';
import { QUOTE_ANSWER_PENDING } from './quote-repository';

const VERSION = new Date('2026-11-23T18:30:00.000Z');
const DEEP_1500 = { serviceType: 'Deep Clean', squareFootage: 1500, addOns: ['addon-oven'], firstBookingDiscount: true };

describe('staff API: sending a quote (POST /api/internal/admin/deals/:id/quote)', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('deal-quote', NOW);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  });
  afterAll(async () => {
    await api?.close();
  });

  const deal = (stageId: string, data: Record<string, unknown> = {}) => addDeal(api.db, { stageId, hubspotId: `hs-${Math.random()}`, hubspotUpdatedAt: VERSION, amountCents: null, ...data });
  const quote = (dealId: string, body: Record<string, unknown>, who = staff) =>
    who.request(`/api/internal/admin/deals/${dealId}/quote`, { method: 'POST', body: { seenModifiedAt: VERSION.toISOString(), ...body } });
  const details = async (dealId: string) => dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${dealId}`)).json());
  const commandsOf = (dealId: string) => api.db.dealCommand.findMany({ where: { dealId } });
  const eventsOf = async (dealId: string) => {
    const ids = (await commandsOf(dealId)).map((c) => c.id);
    return api.db.outboxEvent.findMany({ where: { type: 'crm.apply-deal-command', aggregateId: { in: ids } } });
  };

  it('records the quote, priced on the server, as a pending quote command with its outbox event', async () => {
    const d = await deal(STAGE.CLEAN_REQUESTED);
    expect((await details(d.id)).mayQuote).toBe(true);
    const res = await quote(d.id, { ...DEEP_1500, adjustmentCents: -1_000, adjustmentReason: 'Second visit this month', totalCents: 1 });
    // A total the page might send is no field of a quote: refused, naming it.
    expect(res.status).toBe(400);
    const sent = await quote(d.id, { ...DEEP_1500, adjustmentCents: -1_000, adjustmentReason: 'Second visit this month' });
    expect(sent.status).toBe(202);
    // $349 + $80 = $429, less 10% ($42.90), less $10.
    const body = (await sent.json()) as { commandId: string; totalCents: number };
    expect(body.totalCents).toBe(37_610);

    const [command] = await commandsOf(d.id);
    expect(command).toMatchObject({
      id: body.commandId,
      kind: 'quote',
      status: 'pending',
      changes: {
        stageId: STAGE.AWAITING_QUOTE_APPROVAL,
        amountCents: 37_610,
        quote: {
          serviceType: 'Deep Clean',
          lines: [
            { id: 'deep-1500', name: 'Single Deep Clean (1001-1500 sq ft)', cents: 34_900 },
            { id: 'addon-oven', name: 'Oven', cents: 8_000 },
          ],
          discountPercent: 10,
          discountCents: 4_290,
          adjustmentCents: -1_000,
          adjustmentReason: 'Second visit this month',
          totalCents: 37_610,
        },
      },
      seen: { stageId: STAGE.CLEAN_REQUESTED, amountCents: null },
      seenModifiedAt: VERSION,
    });
    expect((await eventsOf(d.id)).map((e) => e.payload)).toEqual([{ commandId: body.commandId }]);
    expect((await api.db.deal.findUniqueOrThrow({ where: { id: d.id } })).stageId).toBe(STAGE.CLEAN_REQUESTED);

    const shown = await details(d.id);
    expect(shown).toMatchObject({ mayQuote: false, moves: [], quote: null });
    expect(shown.commands[0]).toMatchObject({ kind: 'quote', status: 'pending', changes: { quote: { totalCents: 37_610 } } });
    const again = await quote(d.id, DEEP_1500);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: MOVE_PENDING, code: 'command_pending' });
  });

  it('names the field of a bad quote and writes nothing', async () => {
    const d = await deal(STAGE.CREATING_QUOTE);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ...DEEP_1500, adjustmentCents: 500 }, 'adjustmentReason', QUOTE_REASON_REQUIRED],
      [{ serviceType: 'Basic Clean', squareFootage: 1000, adjustmentCents: -20_000, adjustmentReason: 'Gift' }, 'adjustmentCents', QUOTE_TOTAL_NOT_POSITIVE],
      [{ ...DEEP_1500, squareFootage: 1234 }, 'squareFootage'],
      [{ ...DEEP_1500, addOns: ['addon-jacuzzi'] }, 'addOns'],
      [{ serviceType: 'Recurring Clean', visitType: 'basic', squareFootage: 1000 }, 'frequency'],
      [{ ...DEEP_1500, seenModifiedAt: 'yesterday' }, 'seenModifiedAt'],
    ];
    for (const [body, field, error] of cases) {
      const res = await quote(d.id, body);
      expect(res.status, field).toBe(400);
      expect(await res.json(), field).toMatchObject({ field, ...(error && { error }) });
    }
    expect(await commandsOf(d.id)).toEqual([]);
  });

  it('refuses a quote the transitions table does not allow, an older version, or an unknown deal', async () => {
    const paying = await deal(STAGE.INVOICE_PAYMENT_NEEDED);
    expect((await details(paying.id)).mayQuote).toBe(false);
    const late = await quote(paying.id, DEEP_1500);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'quote_not_allowed', error: 'A deal in Invoice Payment Needed cannot move to Awaiting Quote Approval.' });

    const changed = await deal(STAGE.PENDING_ESTIMATE_CALL, { hubspotUpdatedAt: new Date(VERSION.getTime() + 60_000) });
    const stale = await quote(changed.id, DEEP_1500);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: DEAL_CHANGED, field: 'seenModifiedAt', code: 'deal_changed' });

    expect((await quote('nope', DEEP_1500)).status).toBe(404);
    expect((await quote((await deal(STAGE.CREATING_QUOTE, { archivedAt: NOW })).id, DEEP_1500)).status).toBe(404);
    for (const id of [paying.id, changed.id]) expect(await commandsOf(id)).toEqual([]);
  });

  it('quotes again a deal awaiting approval, but not one whose customer has just answered', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    const d = await deal(STAGE.AWAITING_QUOTE_APPROVAL, { contactId: contact.id, amountCents: 30_000 });
    expect(await (await quote(d.id, DEEP_1500)).json()).toMatchObject({ success: true });
    const first = (await commandsOf(d.id))[0]!;
    // HubSpot took it; the customer answers.
    await api.db.dealCommand.update({ where: { id: first.id }, data: { status: 'applied' } });
    expect((await details(d.id)).quote).toMatchObject({ commandId: first.id, quote: { totalCents: 38_610 }, answer: null });
    await api.db.quoteAnswer.create({ data: { dealId: d.id, quoteCommandId: first.id, contactId: contact.id, answer: 'declined', reason: 'Too dear' } });
    expect((await details(d.id)).quote?.answer).toMatchObject({ answer: 'declined', reason: 'Too dear', status: 'pending' });
    const crossing = await quote(d.id, DEEP_1500);
    expect(crossing.status).toBe(409);
    expect(await crossing.json()).toMatchObject({ code: 'quote_answered', error: QUOTE_ANSWER_PENDING });
  });

  it('is for staff only: 401 without a session, 403 for a customer', async () => {
    const d = await deal(STAGE.CREATING_QUOTE);
    expect((await quote(d.id, DEEP_1500, new TestBrowser(api.url))).status).toBe(401);
    const customer = await createCustomer(api.db);
    const browser = new TestBrowser(api.url);
    await signIn(api, browser, customer);
    expect((await quote(d.id, DEEP_1500, browser)).status).toBe(403);
    expect(await commandsOf(d.id)).toEqual([]);
  });
});
