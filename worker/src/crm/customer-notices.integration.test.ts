import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { applyDeals, applyInvoices, applyTickets, type MirroredDeal, type MirroredInvoice, type MirroredTicket } from './mirror-repository';
import { DEFAULT_NOTICE_POLICY } from './notice-rules';

// 22:00 Eastern on Monday 30 November 2026: quiet hours, so texts wait for 08:00 on 1 December.
const NOW = new Date('2026-12-01T03:00:00Z');
const MORNING = new Date('2026-12-01T13:00:00Z');
const THURSDAY = new Date('2026-12-03T14:00:00Z');
const FRIDAY = new Date('2026-12-04T15:00:00Z');

describe('customer texts from changes in the mirror', () => {
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(testDatabaseUrl());
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  async function bookedDeal() {
    const phone = `+1404${randomBytes(4).readUInt32BE() % 9_000_000 + 1_000_000}`;
    const booking = await insertBooking(db, { submittedPhone: phone });
    await db.contact.update({ where: { id: booking.contactId }, data: { phone } });
    const hubspotId = `hs-${randomBytes(4).toString('hex')}`;
    let modified = Date.parse('2026-11-30T12:00:00Z');
    const change = (stageId: string, scheduledAt: Date | null): MirroredDeal => ({
      hubspotId, appRequestId: booking.dealId, name: null, stageId, scheduledAt, durationMinutes: null, visitOutcome: null, amountCents: null, ownerHubspotId: null,
      serviceType: null, serviceAddress: null, skus: [], contactHubspotId: null, modifiedAt: new Date((modified += 1_000)), mergedHubspotIds: [],
    });
    const texts = () => db.smsMessage.findMany({ where: { dealId: booking.dealId }, orderBy: { createdAt: 'asc' } });
    return { ...booking, phone, change, texts };
  }

  it('confirms a cleaning once when it is scheduled, held past quiet hours, and not again on a re-read', async () => {
    const deal = await bookedDeal();
    const scheduled = deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY);
    expect(await applyDeals(db, [scheduled], { now: NOW })).toMatchObject({ updated: 1, notices: 1 });

    const [text, reminder] = await deal.texts();
    expect(text).toMatchObject({ purpose: 'cleaning_confirmed', to: deal.phone, dedupeKey: `cleaning_confirmed:${deal.dealId}:${THURSDAY.toISOString()}` });
    // And the day-before reminder of that date, waiting in the outbox until it is due.
    expect(reminder).toMatchObject({ purpose: 'reminder', to: deal.phone, dedupeKey: `reminder:${deal.dealId}:${THURSDAY.toISOString()}` });
    const [reminderEvent] = await db.outboxEvent.findMany({ where: { aggregateType: 'sms_message', aggregateId: reminder!.id } });
    expect(reminderEvent?.availableAt).toEqual(new Date(THURSDAY.getTime() - 24 * 3_600_000));
    const [event] = await db.outboxEvent.findMany({ where: { aggregateType: 'sms_message', aggregateId: text!.id } });
    expect(event).toMatchObject({ type: 'sms.send', availableAt: MORNING });
    // The row names the phone, the kind and the deal; the event the row and the date it is about.
    expect(text).toMatchObject({ dealId: deal.dealId });
    expect(event?.payload).toEqual({ messageId: text!.id, subject: { scheduledAt: THURSDAY.toISOString() } });

    // The same version again (a re-read), and a newer version with the same date (a note edited): no text.
    await applyDeals(db, [scheduled], { now: NOW });
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY)], { now: NOW });
    expect(await deal.texts()).toHaveLength(2);
  });

  it("writes a recurring plan's visit its reminder at its first mirror, with no confirmation, and once", async () => {
    const deal = await bookedDeal();
    // Made by the plan already scheduled (docs/recurring-plans.md): the change rule would see no change.
    const plan = await db.recurringPlan.create({
      data: {
        contactId: deal.contactId, squareFootage: 1500, serviceType: 'Recurring Clean', visitType: 'basic', skus: ['recurring-basic-1500'], amountCents: 17_900, firstVisitCents: 17_900,
        frequency: 'weekly', weekday: 4, startTime: '09:00', durationMinutes: 120, startDate: new Date('2026-12-03T00:00:00Z'), createdBy: 'office@example.com',
      },
    });
    await db.deal.update({ where: { id: deal.dealId }, data: { source: 'plan', stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: THURSDAY, planId: plan.id, planOccurrence: new Date('2026-12-03T00:00:00Z') } });
    expect(await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY)], { now: NOW })).toMatchObject({ updated: 1, notices: 1 });
    const texts = await deal.texts();
    expect(texts.map((t) => t.purpose)).toEqual(['reminder']);
    expect(texts[0]).toMatchObject({ to: deal.phone, dedupeKey: `reminder:${deal.dealId}:${THURSDAY.toISOString()}` });
    // Mirrored again: nothing more. Moved by the office: told, and reminded of the new date, as any cleaning.
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY)], { now: NOW });
    expect(await deal.texts()).toHaveLength(1);
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, FRIDAY)], { now: NOW });
    expect((await deal.texts()).map((t) => t.purpose)).toEqual(['reminder', 'rescheduled', 'reminder']);
  });

  it('sends no reminder for a cleaning booked less than a day ahead', async () => {
    const deal = await bookedDeal();
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, new Date(NOW.getTime() + 20 * 3_600_000))], { now: NOW });
    expect((await deal.texts()).map((t) => t.purpose)).toEqual(['cleaning_confirmed']);
  });

  it('tells the customer once about a new date, and confirms nothing for a deal first seen already scheduled', async () => {
    const deal = await bookedDeal();
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY)], { now: NOW });
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, FRIDAY)], { now: NOW });
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, FRIDAY)], { now: NOW });
    // Each date has its reminder; Thursday's, when due, finds the date moved and is dropped.
    expect((await deal.texts()).map((t) => t.dedupeKey)).toEqual([
      `cleaning_confirmed:${deal.dealId}:${THURSDAY.toISOString()}`,
      `reminder:${deal.dealId}:${THURSDAY.toISOString()}`,
      `rescheduled:${deal.dealId}:${FRIDAY.toISOString()}`,
      `reminder:${deal.dealId}:${FRIDAY.toISOString()}`,
    ]);

    const hubspotOnly: MirroredDeal = { ...deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY), hubspotId: `hs-new-${randomBytes(4).toString('hex')}`, appRequestId: null };
    expect(await applyDeals(db, [hubspotOnly], { now: NOW })).toMatchObject({ created: 1, notices: 0 });
  });

  it('sends the reminder as far ahead as configured, and none of a kind switched off', async () => {
    const deal = await bookedDeal();
    const policy = { ...DEFAULT_NOTICE_POLICY, off: new Set(['cleaning_confirmed'] as const), reminderLeadMs: 48 * 3_600_000 };
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, FRIDAY)], { now: NOW, policy });
    const [reminder, ...others] = await deal.texts();
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({ purpose: 'reminder' });
    const [event] = await db.outboxEvent.findMany({ where: { aggregateType: 'sms_message', aggregateId: reminder!.id } });
    expect(event?.availableAt).toEqual(new Date(FRIDAY.getTime() - 48 * 3_600_000));
  });

  describe('invoice ready', () => {
    let version = Date.parse('2026-11-30T12:00:00Z');
    const invoice = (hubspotId: string, status: MirroredInvoice['status']): MirroredInvoice => ({
      hubspotId, status, amountCents: 14_500, number: 'INV-1', pdfUrl: null, url: `https://pay.example.com/${hubspotId}`, modifiedAt: new Date((version += 1_000)),
    });

    it('texts once when an open invoice appears on a mirrored deal, not for a draft or a re-read; its payment, the receipt once', async () => {
      const deal = await bookedDeal();
      await applyDeals(db, [deal.change(STAGE.CLEAN_REQUESTED, null)], { now: NOW });
      const id = `inv-${randomBytes(4).toString('hex')}`;
      const apply = (status: MirroredInvoice['status']) => applyInvoices(db, new Map([[deal.change(STAGE.CLEAN_REQUESTED, null).hubspotId, invoice(id, status)]]), { now: NOW });

      expect(await apply('draft')).toEqual({ notices: 0 });
      expect(await apply('open')).toEqual({ notices: 1 });
      expect(await apply('open')).toEqual({ notices: 0 });
      expect(await apply('paid')).toEqual({ notices: 1 });
      expect(await apply('paid')).toEqual({ notices: 0 });
      const texts = await deal.texts();
      expect(texts.map((t) => t.dedupeKey)).toEqual([`invoice_ready:${deal.dealId}:${id}`, `payment_received:${deal.dealId}:${id}`]);
      const [event] = await db.outboxEvent.findMany({ where: { aggregateType: 'sms_message', aggregateId: texts[0]!.id } });
      expect(event).toMatchObject({ availableAt: MORNING });
      expect(texts[0]).toMatchObject({ purpose: 'invoice_ready', to: deal.phone, dealId: deal.dealId });
      expect(event?.payload).toEqual({ messageId: texts[0]!.id, subject: { invoiceId: id } });
    });

    it('does not text about the invoice of a deal first mirrored in the same pull', async () => {
      const deal = await bookedDeal();
      const hubspotId = deal.change(STAGE.CLEAN_REQUESTED, null).hubspotId;
      await applyDeals(db, [deal.change(STAGE.CLEAN_REQUESTED, null)], { now: NOW });
      const outcome = await applyInvoices(db, new Map([[hubspotId, invoice('inv-new', 'open')]]), { now: NOW, newDeals: new Set([hubspotId]) });
      expect(outcome).toEqual({ notices: 0 });
      expect(await db.deal.findUnique({ where: { id: deal.dealId }, select: { invoiceStatus: true } })).toEqual({ invoiceStatus: 'open' });
    });
  });

  describe('request answered', () => {
    it('texts once when a change request\'s ticket closes, and not for a ticket first seen closed', async () => {
      const deal = await bookedDeal();
      const dealHubspotId = deal.change(STAGE.CLEANING_SCHEDULED, null).hubspotId;
      await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, null)], { now: NOW });
      let modified = Date.parse('2026-11-30T12:00:00Z');
      const ticket = (hubspotId: string, pipelineStage: string): MirroredTicket => ({
        hubspotId, appRequestId: null, category: 'RescheduleRequest', pipelineStage, dealHubspotId, modifiedAt: new Date((modified += 1_000)), mergedHubspotIds: [],
      });
      const open = `t-${randomBytes(4).toString('hex')}`;
      expect(await applyTickets(db, [ticket(open, '1')], { now: NOW })).toMatchObject({ applied: 1, notices: 0 });
      expect(await applyTickets(db, [ticket(open, '1613485805')], { now: NOW })).toMatchObject({ applied: 1, notices: 1 });
      expect(await applyTickets(db, [ticket(open, '4')], { now: NOW })).toMatchObject({ applied: 1, notices: 0 });
      expect(await applyTickets(db, [ticket(`t-${randomBytes(4).toString('hex')}`, '4')], { now: NOW })).toMatchObject({ applied: 1, notices: 0 });

      const row = await db.ticket.findUniqueOrThrow({ where: { hubspotId: open }, select: { id: true } });
      const texts = await deal.texts();
      expect(texts.map((t) => [t.purpose, t.dedupeKey])).toEqual([['request_answered', `request_answered:${deal.dealId}:${row.id}`]]);
    });

    it("texts nobody when staff close an unhappy customer's ticket (it is the office's own)", async () => {
      const deal = await bookedDeal();
      const dealHubspotId = deal.change(STAGE.CLEANING_DONE, null).hubspotId;
      await applyDeals(db, [deal.change(STAGE.CLEANING_DONE, null)], { now: NOW });
      const ticket = (pipelineStage: string, at: string): MirroredTicket => ({
        hubspotId: `t-unhappy-${deal.dealId}`, appRequestId: null, category: 'UnhappyCustomer', pipelineStage, dealHubspotId, modifiedAt: new Date(at), mergedHubspotIds: [],
      });
      await applyTickets(db, [ticket('1', '2026-11-30T12:00:00Z')], { now: NOW });
      expect(await applyTickets(db, [ticket('4', '2026-11-30T13:00:00Z')], { now: NOW })).toMatchObject({ applied: 1, notices: 0 });
      expect(await deal.texts()).toEqual([]);
    });

    it('sends no text when answers are switched off (CUSTOMER_TEXTS_OFF): the e-mail still goes', async () => {
      const deal = await bookedDeal();
      const dealHubspotId = deal.change(STAGE.CLEANING_SCHEDULED, null).hubspotId;
      await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, null)], { now: NOW });
      const policy = { ...DEFAULT_NOTICE_POLICY, off: new Set(['request_answered'] as const) };
      const ticket = (pipelineStage: string, at: string): MirroredTicket => ({
        hubspotId: `t-off-${deal.dealId}`, appRequestId: null, category: 'CancellationRequest', pipelineStage, dealHubspotId, modifiedAt: new Date(at), mergedHubspotIds: [],
      });
      await applyTickets(db, [ticket('1', '2026-11-30T12:00:00Z')], { now: NOW, policy });
      expect(await applyTickets(db, [ticket('4', '2026-11-30T13:00:00Z')], { now: NOW, policy })).toMatchObject({ applied: 1, notices: 1 });
      expect(await deal.texts()).toEqual([]);
      expect(await db.emailMessage.findMany({ where: { dealId: deal.dealId }, select: { purpose: true, to: true } })).toEqual([{ purpose: 'request_answered', to: deal.email }]);
    });
  });

  it('sends at once, night or not, where quiet hours are off (development)', async () => {
    const deal = await bookedDeal();
    const policy = { ...DEFAULT_NOTICE_POLICY, sendable: (at: Date) => at };
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY)], { now: NOW, policy });
    const [confirmed] = await deal.texts();
    const [event] = await db.outboxEvent.findMany({ where: { aggregateType: 'sms_message', aggregateId: confirmed!.id } });
    expect(event?.availableAt).toEqual(NOW);
  });
});
