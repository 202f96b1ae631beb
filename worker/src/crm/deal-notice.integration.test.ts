import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { applyDeals, type MirroredDeal } from './mirror-repository';

// 22:00 Eastern on Monday 30 November 2026: quiet hours, so texts wait for 08:00 on 1 December.
const NOW = new Date('2026-12-01T03:00:00Z');
const MORNING = new Date('2026-12-01T13:00:00Z');
const THURSDAY = new Date('2026-12-03T14:00:00Z');
const FRIDAY = new Date('2026-12-04T15:00:00Z');

describe('texts from deal changes in the mirror', () => {
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
      hubspotId, appRequestId: booking.dealId, name: null, stageId, scheduledAt, amountCents: null, ownerHubspotId: null,
      serviceType: null, serviceAddress: null, skus: [], contactHubspotId: null, modifiedAt: new Date((modified += 1_000)), mergedHubspotIds: [],
    });
    const texts = () => db.smsMessage.findMany({ where: { dealId: booking.dealId }, orderBy: { createdAt: 'asc' } });
    return { ...booking, phone, change, texts };
  }

  it('confirms a cleaning once when it is scheduled, held past quiet hours, and not again on a re-read', async () => {
    const deal = await bookedDeal();
    const scheduled = deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY);
    expect(await applyDeals(db, [scheduled], NOW)).toMatchObject({ updated: 1, notices: 1 });

    const [text, reminder] = await deal.texts();
    expect(text).toMatchObject({ purpose: 'cleaning_confirmed', to: deal.phone, dedupeKey: `cleaning_confirmed:${deal.dealId}:${THURSDAY.toISOString()}` });
    // And the day-before reminder of that date, waiting in the outbox until it is due.
    expect(reminder).toMatchObject({ purpose: 'reminder', to: deal.phone, dedupeKey: `reminder:${deal.dealId}:${THURSDAY.toISOString()}` });
    const [reminderEvent] = await db.outboxEvent.findMany({ where: { aggregateType: 'sms_message', aggregateId: reminder!.id } });
    expect(reminderEvent?.availableAt).toEqual(new Date(THURSDAY.getTime() - 24 * 3_600_000));
    const [event] = await db.outboxEvent.findMany({ where: { aggregateType: 'sms_message', aggregateId: text!.id } });
    expect(event).toMatchObject({ type: 'sms.send', availableAt: MORNING });
    expect(event?.payload).toEqual({ to: deal.phone, messageId: text!.id, notice: { kind: 'cleaning_confirmed', dealId: deal.dealId, scheduledAt: THURSDAY.toISOString() } });

    // The same version again (a re-read), and a newer version with the same date (a note edited): no text.
    await applyDeals(db, [scheduled], NOW);
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY)], NOW);
    expect(await deal.texts()).toHaveLength(2);
  });

  it('sends no reminder for a cleaning booked less than a day ahead', async () => {
    const deal = await bookedDeal();
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, new Date(NOW.getTime() + 20 * 3_600_000))], NOW);
    expect((await deal.texts()).map((t) => t.purpose)).toEqual(['cleaning_confirmed']);
  });

  it('tells the customer once about a new date, and confirms nothing for a deal first seen already scheduled', async () => {
    const deal = await bookedDeal();
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY)], NOW);
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, FRIDAY)], NOW);
    await applyDeals(db, [deal.change(STAGE.CLEANING_SCHEDULED, FRIDAY)], NOW);
    // Each date has its reminder; Thursday's, when due, finds the date moved and is dropped.
    expect((await deal.texts()).map((t) => t.dedupeKey)).toEqual([
      `cleaning_confirmed:${deal.dealId}:${THURSDAY.toISOString()}`,
      `reminder:${deal.dealId}:${THURSDAY.toISOString()}`,
      `rescheduled:${deal.dealId}:${FRIDAY.toISOString()}`,
      `reminder:${deal.dealId}:${FRIDAY.toISOString()}`,
    ]);

    const hubspotOnly: MirroredDeal = { ...deal.change(STAGE.CLEANING_SCHEDULED, THURSDAY), hubspotId: `hs-new-${randomBytes(4).toString('hex')}`, appRequestId: null };
    expect(await applyDeals(db, [hubspotOnly], NOW)).toMatchObject({ created: 1, notices: 0 });
  });
});
