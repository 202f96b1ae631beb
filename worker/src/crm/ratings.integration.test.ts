import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { recordOptOut } from '@app/db/sms-opt-out';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { COMPANY } from '@app/runtime/company';
import { createLogger } from '@app/runtime/logger';
import { ratingRequestSms } from '@app/shared/cleaning-rating';
import { STAGE } from '@app/shared/deal-stages';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { TEST_OTP_SECRET } from '../../../test/portal-app';
import { smsSendJob } from '../jobs/sms-send';
import { createTwilioClient } from '../sms/twilio-client';
import { applyDeals, type MirroredDeal } from './mirror-repository';
import { DEFAULT_NOTICE_POLICY, type NoticePolicy } from './notice-rules';

const log = createLogger({ service: 'ratings-test', level: 'silent', format: 'json' });
const SID = 'AC0123456789abcdef0123456789abcd42';
const TOKEN = 'ratings-test-token';
const FROM = '+15555550100';
const DAY = 86_400_000;

// Tuesday 8 December 2026, 9 AM Eastern (EST, UTC-5): the cleaning.
const CLEANING = new Date('2026-12-08T14:00:00Z');
// 4:30 PM Eastern the same day: the office closes it out.
const CLOSED_OUT = new Date('2026-12-08T21:30:00Z');
// 10 AM Eastern the next day: when the request goes.
const NEXT_MORNING = new Date('2026-12-09T15:00:00Z');

describe('rating requests after a cleaning is closed out as done', () => {
  let db: Db;
  let twilio: TwilioEmulator;
  let ownerId: string;
  const ownerHubspotId = `owner-${randomBytes(4).toString('hex')}`;
  const otherOwnerHubspotId = `owner-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, deliveryStepMs: 10 });
    ownerId = (await db.owner.create({ data: { hubspotId: ownerHubspotId, email: 'aisha@example.com', firstName: 'Aisha', lastName: 'Cleaner' } })).id;
    await db.owner.create({ data: { hubspotId: otherOwnerHubspotId, email: 'james@example.com', firstName: 'James', lastName: 'Cleaner' } });
  });
  afterAll(async () => {
    await twilio.close();
    await db.$disconnect();
  });

  const newPhone = () => `+1404${String(randomBytes(4).readUInt32BE() % 9_000_000 + 1_000_000)}`;

  /** A booked deal of the customer with `phone`, and the HubSpot versions of it the pull would mirror. */
  async function bookedDeal(phone = newPhone()) {
    const booking = await insertBooking(db, { submittedPhone: phone });
    await db.contact.update({ where: { id: booking.contactId }, data: { phone } });
    const hubspotId = `hs-${randomBytes(4).toString('hex')}`;
    let modified = Date.parse('2026-12-01T12:00:00Z');
    const version = (stageId: string, visitOutcome: string | null = null, owner: string | null = ownerHubspotId, scheduledAt: Date | null = CLEANING): MirroredDeal => ({
      hubspotId, appRequestId: booking.dealId, name: 'Deep Clean for Pat Customer', stageId, scheduledAt, durationMinutes: 120, visitOutcome, amountCents: 34_900,
      ownerHubspotId: owner, serviceType: null, serviceAddress: null, skus: [], contactHubspotId: null, modifiedAt: new Date((modified += 1_000)), mergedHubspotIds: [],
    });
    const rating = () => db.cleaningRating.findUnique({ where: { dealId: booking.dealId } });
    const request = () => db.smsMessage.findFirst({ where: { dealId: booking.dealId, purpose: 'rating_request' } });
    return { ...booking, phone, version, rating, request };
  }

  /** Scheduled (seen before: the first sight of a deal texts nothing), then closed out at `at`. */
  async function closeOut(deal: Awaited<ReturnType<typeof bookedDeal>>, at: Date, outcome = 'done', policy: NoticePolicy = DEFAULT_NOTICE_POLICY) {
    await applyDeals(db, [deal.version(STAGE.CLEANING_SCHEDULED)], { now: new Date(CLEANING.getTime() - 2 * DAY), policy });
    const stage = outcome === 'done' ? STAGE.CLEANING_DONE : STAGE.CANCELED;
    return applyDeals(db, [deal.version(stage, outcome)], { now: at, policy });
  }

  const eventOf = (messageId: string) => db.outboxEvent.findFirstOrThrow({ where: { type: 'sms.send', aggregateId: messageId } });

  function sender(now: Date) {
    const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, baseUrl: twilio.url, timeoutMs: 2_000 });
    const job = smsSendJob({ db, twilio: client, from: FROM, otpSecret: TEST_OTP_SECRET, portalUrl: 'http://127.0.0.1:5173/login', now: () => now });
    return (messageId: string) => job.process({ messageId, subject: { scheduledAt: CLEANING.toISOString() } }, { log, jobId: `test-${messageId}`, attempt: 1 });
  }

  it('asks the next day at 10 AM Eastern, once, keeping the cleaner of the day', async () => {
    const deal = await bookedDeal();
    expect(await closeOut(deal, CLOSED_OUT)).toMatchObject({ updated: 1, notices: 1 });
    const request = await deal.request();
    expect(request).toMatchObject({ to: deal.phone, status: 'queued', dedupeKey: `rating_request:${deal.dealId}:${CLEANING.toISOString()}` });
    expect(await deal.rating()).toMatchObject({ phone: deal.phone, contactId: deal.contactId, ownerId, smsMessageId: request!.id, requestedAt: null, rating: null });
    const event = await eventOf(request!.id);
    expect(event.availableAt).toEqual(NEXT_MORNING);
    expect(event.payload).toEqual({ messageId: request!.id, subject: { scheduledAt: CLEANING.toISOString() } });

    // A re-read, and the cleaning reassigned afterwards: no second request, the rating keeps its cleaner.
    await applyDeals(db, [deal.version(STAGE.CLEANING_DONE, 'done')], { now: CLOSED_OUT });
    await applyDeals(db, [deal.version(STAGE.CLEANING_DONE, 'done', otherOwnerHubspotId)], { now: CLOSED_OUT });
    expect(await db.smsMessage.count({ where: { dealId: deal.dealId, purpose: 'rating_request' } })).toBe(1);
    expect((await deal.rating())?.ownerId).toBe(ownerId);

    // At 10 AM the worker writes the words and sends it; the request counts from then.
    const sent = await sender(NEXT_MORNING)(request!.id);
    expect(sent).toEqual({ sid: expect.any(String) });
    const [text] = twilio.messages({ to: deal.phone });
    expect(text?.body).toBe(ratingRequestSms(COMPANY.name));
    expect(text?.num_segments).toBe('1');
    expect(await deal.rating()).toMatchObject({ requestedAt: NEXT_MORNING });
  });

  it('asks after the configured delay instead (development, browser tests), still past quiet hours', async () => {
    const fast = { ...DEFAULT_NOTICE_POLICY, ratingDelayMinutes: 1 };
    const deal = await bookedDeal();
    await closeOut(deal, CLOSED_OUT, 'done', fast);
    expect((await eventOf((await deal.request())!.id)).availableAt).toEqual(new Date(CLOSED_OUT.getTime() + 60_000));

    // Closed out at 10:30 PM Eastern: a minute later is quiet hours, so it waits for 8 AM.
    const late = await bookedDeal();
    await closeOut(late, new Date('2026-12-09T03:30:00Z'), 'done', fast);
    expect((await eventOf((await late.request())!.id)).availableAt).toEqual(new Date('2026-12-09T13:00:00Z'));
  });

  it('asks nothing after a no-show, a cancellation on the day, or a Cleaning Done set by hand in HubSpot', async () => {
    for (const outcome of ['no-show', 'canceled-on-the-day']) {
      const deal = await bookedDeal();
      expect(await closeOut(deal, CLOSED_OUT, outcome)).toMatchObject({ notices: 0 });
      expect(await deal.rating()).toBeNull();
    }
    const byHand = await bookedDeal();
    await applyDeals(db, [byHand.version(STAGE.CLEANING_SCHEDULED)], { now: new Date(CLEANING.getTime() - 2 * DAY) });
    await applyDeals(db, [byHand.version(STAGE.CLEANING_DONE, null)], { now: CLOSED_OUT });
    expect(await byHand.rating()).toBeNull();
  });

  it('asks nothing for a cleaning closed out more than three days after its date', async () => {
    const onTime = await bookedDeal();
    // Friday 11 December, 5 PM Eastern: three days after, still asked (Saturday at 10 AM).
    await closeOut(onTime, new Date('2026-12-11T22:00:00Z'));
    expect((await eventOf((await onTime.request())!.id)).availableAt).toEqual(new Date('2026-12-12T15:00:00Z'));

    const late = await bookedDeal();
    await closeOut(late, new Date('2026-12-12T15:00:00Z'));
    expect(await late.rating()).toBeNull();
    expect(await late.request()).toBeNull();
  });

  it('asks a phone at most once in 30 days: a request waiting or sent counts when planning', async () => {
    const phone = newPhone();
    const first = await bookedDeal(phone);
    await closeOut(first, CLOSED_OUT);
    // Another cleaning of the same phone done while the first request still waits: not asked.
    const second = await bookedDeal(phone);
    await closeOut(second, CLOSED_OUT);
    expect(await second.rating()).toBeNull();

    // The first went out; a cleaning 29 days later is not asked, one 31 days later is.
    await sender(NEXT_MORNING)((await first.request())!.id);
    /** A cleaning of the phone `days` after the first, closed out the same afternoon. */
    const later = async (days: number) => {
      const deal = await bookedDeal(phone);
      const at = new Date(CLEANING.getTime() + days * DAY);
      await applyDeals(db, [deal.version(STAGE.CLEANING_SCHEDULED, null, ownerHubspotId, at)], { now: CLEANING });
      await applyDeals(db, [deal.version(STAGE.CLEANING_DONE, 'done', ownerHubspotId, at)], { now: new Date(CLOSED_OUT.getTime() + days * DAY) });
      return deal.rating();
    };
    expect(await later(29)).toBeNull();
    expect(await later(31)).toMatchObject({ phone, requestedAt: null });
  });

  it('checks the 30 days again when sending: a request that went meanwhile holds this one back', async () => {
    const phone = newPhone();
    const deal = await bookedDeal(phone);
    await closeOut(deal, CLOSED_OUT);
    // Another cleaning of the phone was asked since (a second office, a request written by hand).
    const other = await bookedDeal(phone);
    await db.cleaningRating.create({ data: { dealId: other.dealId, phone, contactId: other.contactId, requestedAt: new Date(NEXT_MORNING.getTime() - DAY) } });

    const request = (await deal.request())!;
    expect(await sender(NEXT_MORNING)(request.id)).toEqual({ skipped: 'recent_rating' });
    expect(await deal.request()).toMatchObject({ status: 'canceled', errorMessage: 'Not sent: the phone had a rating request in the last 30 days.' });
    expect(twilio.messages({ to: phone })).toEqual([]);
    expect((await deal.rating())?.requestedAt).toBeNull();
  });

  it('never texts an opted-out phone: not planned, and dropped when it opts out before it goes', async () => {
    const stopped = await bookedDeal();
    await recordOptOut(db, stopped.phone, { source: 'keyword', keyword: 'STOP' }, CLEANING);
    await closeOut(stopped, CLOSED_OUT);
    expect(await stopped.rating()).toBeNull();

    const deal = await bookedDeal();
    await closeOut(deal, CLOSED_OUT);
    await recordOptOut(db, deal.phone, { source: 'keyword', keyword: 'STOP' }, new Date(CLOSED_OUT.getTime() + 3_600_000));
    expect(await sender(NEXT_MORNING)((await deal.request())!.id)).toEqual({ skipped: 'opted_out' });
    expect(twilio.messages({ to: deal.phone })).toEqual([]);
  });

  it('drops the request when the cleaning left Cleaning Done before it went, and when rating requests are switched off', async () => {
    const deal = await bookedDeal();
    await closeOut(deal, CLOSED_OUT);
    await applyDeals(db, [deal.version(STAGE.CLEANING_SCHEDULED, null)], { now: CLOSED_OUT });
    expect(await sender(NEXT_MORNING)((await deal.request())!.id)).toEqual({ skipped: 'stale' });

    const off = await bookedDeal();
    await closeOut(off, CLOSED_OUT, 'done', { ...DEFAULT_NOTICE_POLICY, off: new Set(['rating_request'] as const) });
    expect(await off.rating()).toBeNull();
  });
});
