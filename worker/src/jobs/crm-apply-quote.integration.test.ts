import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { createLogger } from '@app/runtime/logger';
import type { DealFacts } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { quoteSchema, sentQuote } from '@app/shared/quote';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { modifiedAtOf } from '../crm/modified-date';
import { crmApplyDealCommandJob, readDeal } from './crm-apply-deal-command';
import { answerNote, answerNotAwaiting, ANSWER_REQUOTED, crmApplyQuoteAnswerJob } from './crm-apply-quote-answer';
import { crmMakeInvoiceJob } from './crm-make-invoice';
import { INVOICE_PROPERTIES, mirrorDealRecords, mirrorInvoiceRecords } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';
import { noticeText } from '../sms/customer-notice';
import { quoteNote } from './deal-commands/quote';

const log = createLogger({ service: 'apply-quote-test', level: 'silent', format: 'json' });
const context = { log, jobId: 'job', attempt: 1 };

/** $349 + $80, less 10% ($42.90), plus $25 for the stairs. */
const QUOTE = sentQuote(quoteSchema.parse({ serviceType: 'Deep Clean', squareFootage: 1500, addOns: ['addon-oven'], firstBookingDiscount: true, adjustmentCents: 2_500, adjustmentReason: 'Three flights of stairs' }));

describe('quotes and their answers against the HubSpot emulator', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    gateway = crm.gateway();
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });

  const applyCommand = () => crmApplyDealCommandJob({ db, hubspot: gateway, account: crm.account });
  const applyAnswer = () => crmApplyQuoteAnswerJob({ db, hubspot: gateway, account: crm.account });
  const stageId = (stage: string) => crm.account.stages().dealStageId(stage);
  const remote = (hubspotId: string) => hubspot.objects('deals').find((d) => d.id === hubspotId)!;
  /** The deal's live line items in HubSpot, by our id. */
  const lineItems = (hubspotId: string) =>
    hubspot
      .objects('line_items')
      .filter((item) => remote(hubspotId).associations.line_items?.includes(item.id))
      .map((item) => ({ key: item.properties.app_request_id, sku: item.properties.hs_sku ?? null, name: item.properties.name, price: item.properties.price }))
      .sort((a, b) => String(a.key).localeCompare(String(b.key)));

  /** A booking (service and oven line items) in HubSpot at `stage`, mirrored as the staff page shows it. */
  async function dealInHubSpot(stage: string) {
    const booking = await insertBooking(db, { email: `quote.${randomBytes(4).toString('hex')}@example.com`, skus: ['deep-1500', 'addon-oven'] });
    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, { ...context, jobId: booking.outboxId });
    const { hubspotId } = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    await gateway.updateObject('deals', hubspotId!, { dealstage: stageId(stage) });
    const [record] = await gateway.readBatch('deals', [hubspotId!], ['dealstage']);
    const modifiedAt = new Date(modifiedAtOf('deals', record!)!);
    await db.deal.update({ where: { id: booking.dealId }, data: { stageId: stage, hubspotUpdatedAt: modifiedAt } });
    return { dealId: booking.dealId, contactId: booking.contactId, email: booking.email, hubspotId: hubspotId!, modifiedAt };
  }

  /** What the api writes when the office sends a quote. */
  async function quoteCommand(deal: { dealId: string; modifiedAt: Date }, seenStage: string) {
    const seen: DealFacts = { stageId: seenStage, scheduledAt: null, ownerId: null, amountCents: 34_900, durationMinutes: null };
    return db.dealCommand.create({
      data: {
        id: randomUUID(),
        dealId: deal.dealId,
        kind: 'quote',
        changes: { stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: QUOTE.totalCents, quote: QUOTE },
        seen: { ...seen },
        seenModifiedAt: deal.modifiedAt,
        staffEmail: 'office@cleaning.example',
      },
    });
  }

  /** A deal whose quote HubSpot has: awaiting the customer's answer. */
  async function quotedDeal() {
    const deal = await dealInHubSpot(STAGE.CREATING_QUOTE);
    const cmd = await quoteCommand(deal, STAGE.CREATING_QUOTE);
    expect(await applyCommand().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    return { ...deal, commandId: cmd.id };
  }

  const answer = (deal: { dealId: string; contactId: string; commandId: string }, kind: 'approved' | 'declined', reason: string | null = null) =>
    db.quoteAnswer.create({ data: { dealId: deal.dealId, quoteCommandId: deal.commandId, contactId: deal.contactId, answer: kind, reason } });

  it('sets the amount and stage, replaces the line items with the quote\'s, mirrors the deal and notes the quote', async () => {
    const deal = await dealInHubSpot(STAGE.CREATING_QUOTE);
    expect(lineItems(deal.hubspotId).map((l) => l.sku).sort()).toEqual(['addon-oven', 'deep-1500']);
    const cmd = await quoteCommand(deal, STAGE.CREATING_QUOTE);

    expect(await applyCommand().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });

    expect(QUOTE.totalCents).toBe(41_110);
    expect(remote(deal.hubspotId).properties).toMatchObject({ amount: '411.10', dealstage: stageId(STAGE.AWAITING_QUOTE_APPROVAL), external_skus: 'deep-1500;addon-oven' });
    const quoteLines = [
      { key: `quote:${cmd.id}:1`, sku: 'deep-1500', name: 'Single Deep Clean (1001-1500 sq ft)', price: '349.00' },
      { key: `quote:${cmd.id}:2`, sku: 'addon-oven', name: 'Oven', price: '80.00' },
      { key: `quote:${cmd.id}:3`, sku: null, name: 'First-booking discount (10%)', price: '-42.90' },
      { key: `quote:${cmd.id}:4`, sku: null, name: 'Adjustment: Three flights of stairs', price: '25.00' },
    ];
    expect(lineItems(deal.hubspotId)).toEqual(quoteLines);
    expect(await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).toMatchObject({ stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: 41_110 });
    const settled = await db.dealCommand.findUniqueOrThrow({ where: { id: cmd.id } });
    expect(settled.status).toBe('applied');
    const note = hubspot.objects('notes').find((n) => n.id === settled.noteHubspotId);
    expect(note?.properties.hs_note_body).toBe(quoteNote(cmd as never));
    expect(note?.properties.hs_note_body).toMatch(
      /^Quote of \$411\.10 sent \(Single Deep Clean \(1001-1500 sq ft\) \$349\.00; Oven \$80\.00; First-booking discount \(10%\) -\$42\.90; Adjustment: Three flights of stairs \$25\.00\) by office@cleaning\.example in the staff workspace on .+\. Moved to Awaiting Quote Approval\.$/,
    );

    // A retry after HubSpot took it all (the worker died before settling): no second line item.
    await db.dealCommand.update({ where: { id: cmd.id }, data: { status: 'pending', settledAt: null, noteHubspotId: null } });
    const since = hubspot.requests().length;
    expect(await applyCommand().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    expect(lineItems(deal.hubspotId)).toEqual(quoteLines);
    expect(hubspot.objects('line_items').filter((item) => String(item.properties.app_request_id).startsWith(`quote:${cmd.id}:`))).toHaveLength(4);
    expect(hubspot.requests().slice(since).filter((r) => r.path.endsWith('/line_items/batch/archive'))).toHaveLength(0);
  });

  it('replaces an earlier quote\'s line items when the office quotes again', async () => {
    const deal = await quotedDeal();
    const [record] = await gateway.readBatch('deals', [deal.hubspotId], ['dealstage']);
    const again = await quoteCommand({ dealId: deal.dealId, modifiedAt: new Date(modifiedAtOf('deals', record!)!) }, STAGE.AWAITING_QUOTE_APPROVAL);
    expect(await applyCommand().process({ commandId: again.id }, context)).toEqual({ outcome: 'applied' });
    expect(lineItems(deal.hubspotId).map((l) => l.key)).toEqual([1, 2, 3, 4].map((n) => `quote:${again.id}:${n}`));
  });

  it('moves the deal on the customer\'s approval, mirrors it and notes the answer', async () => {
    const deal = await quotedDeal();
    const row = await answer(deal, 'approved');
    expect(await applyAnswer().process({ answerId: row.id }, context)).toEqual({ outcome: 'applied' });
    expect(remote(deal.hubspotId).properties.dealstage).toBe(stageId(STAGE.INVOICE_PAYMENT_NEEDED));
    expect((await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).stageId).toBe(STAGE.INVOICE_PAYMENT_NEEDED);
    const settled = await db.quoteAnswer.findUniqueOrThrow({ where: { id: row.id }, include: { contact: true, quote: true } });
    expect(settled).toMatchObject({ status: 'applied', error: null });
    const note = hubspot.objects('notes').find((n) => n.id === settled.noteHubspotId)?.properties.hs_note_body;
    expect(note).toBe(answerNote(settled as never));
    expect(note).toMatch(new RegExp(`^Quote of \\$411\\.10 approved by the customer \\(${deal.email.replace('.', '\\.')}\\) in the portal on .+\\. Moved to Invoice Payment Needed\\.$`));

    const since = hubspot.requests().length;
    expect(await applyAnswer().process({ answerId: row.id }, context)).toEqual({ outcome: 'settled' });
    expect(hubspot.requests().slice(since)).toHaveLength(0);
  });

  it("makes the approved quote's invoice open in HubSpot, with its lines and total, once, and mirrors it", async () => {
    const deal = await quotedDeal();
    const row = await answer(deal, 'approved');
    expect(await applyAnswer().process({ answerId: row.id }, context)).toEqual({ outcome: 'applied' });
    const made = await db.madeInvoice.findUniqueOrThrow({ where: { quoteAnswerId: row.id } });
    expect(made).toMatchObject({ dealId: deal.dealId, status: 'pending' });
    expect(await db.outboxEvent.count({ where: { type: 'crm.make-invoice', aggregateId: made.id } })).toBe(1);
    // The answer settled once: a retry writes no second invoice.
    await applyAnswer().process({ answerId: row.id }, context);
    expect(await db.madeInvoice.count({ where: { dealId: deal.dealId } })).toBe(1);

    const makeInvoice = () => crmMakeInvoiceJob({ db, hubspot: gateway, account: crm.account, dueDays: 3 });
    const outcome = await makeInvoice().process({ invoiceId: made.id }, context);
    expect(outcome).toMatchObject({ outcome: 'made' });
    const invoicesOf = () => hubspot.objects('invoices').filter((i) => i.properties.app_request_id === made.id);
    expect(invoicesOf()).toHaveLength(1);
    const invoice = invoicesOf()[0]!;
    // $349 + $80, less the first-booking 10% ($42.90), plus $25 for the stairs: the quote's total.
    expect(invoice.properties).toMatchObject({ hs_invoice_status: 'open', hs_currency: 'USD', hs_amount_billed: '411.10', hs_balance_due: '411.10' });
    expect(invoice.properties.hs_due_date).toBe(addDays(easternToday(made.createdAt), 3));
    expect(invoice.associations.deals).toEqual([deal.hubspotId]);
    expect(invoice.associations.contacts).toHaveLength(1);
    const lines = hubspot.objects('line_items').filter((l) => invoice.associations.line_items?.includes(l.id)).map((l) => [l.properties.hs_sku ?? null, l.properties.name, l.properties.price]);
    expect(lines).toEqual([
      ['deep-1500', expect.any(String), '349.00'],
      ['addon-oven', expect.any(String), '80.00'],
      [null, 'First-booking discount (10%)', '-42.90'],
      [null, 'Adjustment: Three flights of stairs', '25.00'],
    ]);
    // Mirrored at once: the portal's invoice, and the customer's invoice notice with its pay link,
    // with its two reminders due 3 and 7 days past its due date at 10 AM Eastern.
    expect(await db.customerNotice.count({ where: { dealId: deal.dealId, kind: 'invoice_ready' } })).toBe(1);
    const reminders = await db.smsMessage.findMany({ where: { dealId: deal.dealId, purpose: 'invoice_reminder' }, select: { id: true } });
    expect(reminders).toHaveLength(2);
    const due = await db.outboxEvent.findMany({ where: { type: 'sms.send', aggregateId: { in: reminders.map((r) => r.id) } }, orderBy: { availableAt: 'asc' } });
    expect(due.map((e) => easternToday(e.availableAt))).toEqual([addDays(invoice.properties.hs_due_date!, 3), addDays(invoice.properties.hs_due_date!, 7)]);
    const mirrored = await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } });
    expect(mirrored).toMatchObject({ invoiceHubspotId: invoice.id, invoiceStatus: 'open', invoiceAmountCents: 41_110, invoiceUrl: invoice.properties.hs_invoice_link });
    expect(await db.madeInvoice.findUniqueOrThrow({ where: { id: made.id } })).toMatchObject({ status: 'made', hubspotId: invoice.id });

    // Settled: nothing more. An answer lost after HubSpot made it (the row still pending): found again, never two.
    const since = hubspot.requests().length;
    expect(await makeInvoice().process({ invoiceId: made.id }, context)).toEqual({ outcome: 'settled' });
    expect(hubspot.requests().slice(since)).toHaveLength(0);
    await db.madeInvoice.update({ where: { id: made.id }, data: { status: 'pending', hubspotId: null, madeAt: null } });
    expect(await makeInvoice().process({ invoiceId: made.id }, context)).toMatchObject({ outcome: 'made', hubspotId: invoice.id });
    expect(invoicesOf()).toHaveLength(1);
    expect(hubspot.objects('line_items').filter((l) => String(l.properties.app_request_id).startsWith(`invoice:${made.id}:`))).toHaveLength(4);
  });

  it('moves a paid deal on to be scheduled, once, with a note of the payment; a paid deal elsewhere stays', async () => {
    const deal = await quotedDeal();
    const row = await answer(deal, 'approved');
    await applyAnswer().process({ answerId: row.id }, context);
    const made = await db.madeInvoice.findUniqueOrThrow({ where: { quoteAnswerId: row.id } });
    const { hubspotId } = (await crmMakeInvoiceJob({ db, hubspot: gateway, account: crm.account }).process({ invoiceId: made.id }, context)) as { hubspotId: string };

    // The customer pays at the invoice's link; the next pull sees it paid.
    hubspot.payInvoice(hubspotId);
    // The pull's page of changed invoices (a payment changes the invoice, not the deal).
    const pullInvoice = async (id: string) => mirrorInvoiceRecords({ db, hubspot: gateway, account: crm.account }, await gateway.readBatch('invoices', [id], INVOICE_PROPERTIES));
    const pull = () => pullInvoice(hubspotId);
    await pull();
    expect(await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).toMatchObject({ invoiceStatus: 'paid', stageId: STAGE.INVOICE_PAYMENT_NEEDED });
    const moves = () => db.dealCommand.findMany({ where: { dealId: deal.dealId, kind: 'payment' } });
    expect(await moves()).toHaveLength(1);
    const [move] = await moves();
    expect(move).toMatchObject({ status: 'pending', staffEmail: 'HubSpot payments', changes: expect.objectContaining({ stageId: STAGE.SCHEDULING_IN_PROGRESS, paidCents: 41_110 }) });
    expect(await db.outboxEvent.count({ where: { type: 'crm.apply-deal-command', aggregateId: move!.id } })).toBe(1);
    // The customer's receipt, by text and e-mail, with the amount paid.
    const receipts = () => db.customerNotice.findMany({ where: { dealId: deal.dealId, kind: 'payment_received' } });
    expect(await receipts()).toHaveLength(1);
    expect(await db.smsMessage.count({ where: { dealId: deal.dealId, purpose: 'payment_received' } })).toBe(1);
    const { reference } = await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } });
    expect(await noticeText(db, { kind: 'payment_received', dealId: deal.dealId, invoiceId: hubspotId }, 'https://www.cleaning.example/login')).toEqual({
      text: `Atlanta Home Cleaning: thank you, we received your payment of $411.10 for ${reference}. Receipt: https://www.cleaning.example/login`,
    });
    // Paid, its reminders find nothing to remind of.
    expect(await noticeText(db, { kind: 'invoice_reminder', dealId: deal.dealId, invoiceId: hubspotId, reminder: 1 }, 'https://www.cleaning.example/login')).toEqual({ skipped: 'stale' });
    // Seen paid again (a re-read, the sweep): no second move, no second receipt.
    await pull();
    expect(await moves()).toHaveLength(1);
    expect(await receipts()).toHaveLength(1);

    expect(await applyCommand().process({ commandId: move!.id }, context)).toEqual({ outcome: 'applied' });
    expect(remote(deal.hubspotId).properties.dealstage).toBe(stageId(STAGE.SCHEDULING_IN_PROGRESS));
    expect((await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).stageId).toBe(STAGE.SCHEDULING_IN_PROGRESS);
    const settled = await db.dealCommand.findUniqueOrThrow({ where: { id: move!.id } });
    expect(hubspot.objects('notes').find((n) => n.id === settled.noteHubspotId)?.properties.hs_note_body).toMatch(
      /^Paid \$411\.10 on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M\. Moved to Scheduling In Progress, to be scheduled\.$/,
    );

    // A deal the office had moved elsewhere before the payment stays where it is; its invoice shows paid.
    const other = await quotedDeal();
    const otherAnswer = await answer(other, 'approved');
    await applyAnswer().process({ answerId: otherAnswer.id }, context);
    const otherInvoice = await db.madeInvoice.findUniqueOrThrow({ where: { quoteAnswerId: otherAnswer.id } });
    const { hubspotId: otherHubspotId } = (await crmMakeInvoiceJob({ db, hubspot: gateway, account: crm.account }).process({ invoiceId: otherInvoice.id }, context)) as { hubspotId: string };
    await gateway.updateObject('deals', other.hubspotId, { dealstage: stageId(STAGE.CANCELED) });
    hubspot.payInvoice(otherHubspotId);
    await mirrorDealRecords({ db, hubspot: gateway, account: crm.account }, [(await readDeal(gateway, other.hubspotId))!]);
    await pullInvoice(otherHubspotId);
    expect(await db.deal.findUniqueOrThrow({ where: { id: other.dealId } })).toMatchObject({ invoiceStatus: 'paid', stageId: STAGE.CANCELED });
    expect(await db.dealCommand.count({ where: { dealId: other.dealId, kind: 'payment' } })).toBe(0);
  });

  it('makes no invoice of a declined quote', async () => {
    const deal = await quotedDeal();
    const row = await answer(deal, 'declined');
    expect(await applyAnswer().process({ answerId: row.id }, context)).toEqual({ outcome: 'applied' });
    expect(await db.madeInvoice.count({ where: { dealId: deal.dealId } })).toBe(0);
  });

  it('cancels the quote on a decline, with the customer\'s reason on the note', async () => {
    const deal = await quotedDeal();
    const row = await answer(deal, 'declined', 'We found someone nearer');
    expect(await applyAnswer().process({ answerId: row.id }, context)).toEqual({ outcome: 'applied' });
    expect(remote(deal.hubspotId).properties.dealstage).toBe(stageId(STAGE.QUOTE_CANCELED));
    const { noteHubspotId } = await db.quoteAnswer.findUniqueOrThrow({ where: { id: row.id } });
    expect(hubspot.objects('notes').find((n) => n.id === noteHubspotId)?.properties.hs_note_body).toMatch(/declined by the customer .+ Moved to Quote Canceled\. Reason: We found someone nearer$/);
  });

  it('refuses an answer once HubSpot\'s deal no longer awaits it, or the office quoted again, leaving HubSpot alone', async () => {
    const moved = await quotedDeal();
    await gateway.updateObject('deals', moved.hubspotId, { dealstage: stageId(STAGE.CANCELED) });
    const late = await answer(moved, 'approved');
    const since = hubspot.requests().length;
    expect(await applyAnswer().process({ answerId: late.id }, context)).toEqual({ outcome: 'failed', error: answerNotAwaiting(STAGE.CANCELED) });
    expect(hubspot.requests().slice(since).filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(await db.quoteAnswer.findUniqueOrThrow({ where: { id: late.id } })).toMatchObject({ status: 'failed', error: 'The deal is in Canceled in HubSpot, no longer awaiting quote approval: the answer was not applied.', noteHubspotId: null });
    // The staff page shows HubSpot's stage at once.
    expect((await db.deal.findUniqueOrThrow({ where: { id: moved.dealId } })).stageId).toBe(STAGE.CANCELED);

    const requoted = await quotedDeal();
    const stale = await answer(requoted, 'declined');
    await quoteCommand(requoted, STAGE.AWAITING_QUOTE_APPROVAL);
    expect(await applyAnswer().process({ answerId: stale.id }, context)).toEqual({ outcome: 'failed', error: ANSWER_REQUOTED });
    expect(remote(requoted.hubspotId).properties.dealstage).toBe(stageId(STAGE.AWAITING_QUOTE_APPROVAL));
  });
});
