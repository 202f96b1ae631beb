import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from '../../../test/context';
import { createLogger } from '@app/runtime/logger';
import { createQueueBackend, type AnyQueue } from '@app/runtime/queue/connection';
import { DEFAULT_JOB_OPTIONS } from '../queue/job-options';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { recordAccepted } from '../sms/sms-message-repository';
import { createTwilioClient } from '../sms/twilio-client';
import { smsSendJob } from './sms-send';
import { TEST_OTP_SECRET } from '../../../test/portal-app';
import { insertBooking } from '../../../test/fixtures';
import { COMPANY } from '@app/runtime/company';
import { cleaningConfirmedSms, invoiceReadySms, onMyWaySms, reminderSms, requestAnsweredSms, requestReceivedSms } from '@app/shared/customer-messages';
import { STAGE } from '@app/shared/deal-stages';
import { formatUsPhone } from '@app/shared/phone';
import { HELD_TEXT_REASON } from '@app/shared/sms-delivery-hold';
import { SMS_CONSENT_VERSION, TEXTS_NOT_AGREED_REASON, TEXTS_TURNED_OFF_REASON } from '@app/shared/sms-consent';
import { recordPortalTextsChoice } from '@app/db/sms-consent';
import { loginCodeSms, portalInviteSms } from '@app/shared/texts';
import { loginCodeFor } from '@app/runtime/sms/login-code';
import type { SmsPurpose } from '@app/db/generated/client';

const log = createLogger({ service: 'sms-test', level: 'silent', format: 'json' });
const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'sms-test-token';
const FROM = '+15555550100';
// Nothing listens there: these tests read the emulator's callback log, not an api.
const CALLBACK_URL = 'http://127.0.0.1:1/api/twilio/status';
const PORTAL_URL = 'http://127.0.0.1:5173/login';
const MINUTE = 60_000;

describe('sms.send against the Twilio emulator', () => {
  let twilio: TwilioEmulator;
  let runtime: WorkerRuntime;
  let queue: AnyQueue;
  let counter = 0;
  let db: Db;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, deliveryStepMs: 20 });
  });
  afterAll(async () => {
    await twilio.close();
    await db.$disconnect();
  });

  beforeEach(async () => {
    twilio.reset();
    const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix: uniqueQueuePrefix('sms') });
    const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, baseUrl: twilio.url, timeoutMs: 2_000 });
    runtime = await startWorkers({
      backend,
      jobs: [smsSendJob({ portalUrl: PORTAL_URL, db, twilio: client, from: FROM, otpSecret: TEST_OTP_SECRET, statusCallbackUrl: CALLBACK_URL })],
      log,
      settings: { concurrency: 2, backoff: { baseMs: 200, capMs: 400 } },
    });
    queue = backend.createQueue('sms');
  });
  afterEach(async () => {
    await queue.close();
    await runtime.close();
  });

  /** Adds a job as the relay would, or as someone could by hand (the queue dashboard): any data. */
  async function send(payload: Record<string, unknown>): Promise<string> {
    const id = `sms-${++counter}`;
    await queue.add('sms.send', payload, { ...DEFAULT_JOB_OPTIONS, jobId: id });
    return id;
  }
  /** A text's message row, as the api or the CRM pull writes it. */
  const newMessage = async (purpose: SmsPurpose, to: string, dealId?: string) =>
    (await db.smsMessage.create({ data: { purpose, to, ...(dealId && { dealId }) }, select: { id: true } })).id;
  /** A login code's text: its challenge, with a 10-minute code that has `leftMs` left, and its row. */
  async function newLoginCode(to: string, leftMs = 10 * MINUTE): Promise<{ messageId: string; code: string }> {
    const expiresAt = new Date(Date.now() + leftMs);
    const challenge = await db.otpChallenge.create({
      data: { phone: to, email: 'code@example.com', codeHmac: 'not-checked-here', expiresAt, createdAt: new Date(expiresAt.getTime() - 10 * MINUTE) },
      select: { id: true },
    });
    const { id } = await db.smsMessage.create({ data: { purpose: 'login_code', to, otpChallengeId: challenge.id }, select: { id: true } });
    return { messageId: id, code: loginCodeFor(TEST_OTP_SECRET, challenge.id) };
  }
  const invite = (to: string) => newMessage('staff_invite', to);
  const finished = async (id: string, state: string) => {
    await expect.poll(() => queue.getJobState(id), { timeout: 15_000, interval: 100 }).toBe(state);
    return (await queue.getJob(id))!;
  };

  it('sends the message and records the provider message id', async () => {
    const id = await send({ messageId: await invite('+14045551234') });
    const job = await finished(id, 'completed');
    const [message] = twilio.messages({ to: '+14045551234' });
    expect(message?.body).toBe(portalInviteSms(COMPANY.name, PORTAL_URL));
    expect(message?.from).toBe(FROM);
    expect(job.returnvalue).toEqual({ sid: message?.sid });
  });

  it('refuses a job with a number and words of its own (added by hand): it fails at once and texts nobody', async () => {
    // As an admin could add it through the queue dashboard, with or without a real row's id.
    const messageId = await invite('+14045551246');
    for (const data of [{ to: '+14045551246', body: 'Send me your card number' }, { messageId, body: 'Send me your card number' }, { messageId, to: '+14045551247' }]) {
      const job = await finished(await send(data), 'failed');
      expect(job.attemptsMade).toBe(1);
      expect(job.failedReason).toMatch(/^Invalid payload for "sms.send"/);
    }
    expect(twilio.messages({ to: '+14045551246' })).toHaveLength(0);
    expect(twilio.messages({ to: '+14045551247' })).toHaveLength(0);
    expect(twilio.requests()).toHaveLength(0);
    expect(await db.smsMessage.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({ status: 'queued', sid: null });
  });

  it('sends a login code with the code derived from its challenge', async () => {
    const { messageId, code } = await newLoginCode('+14045551248');
    await finished(await send({ messageId }), 'completed');
    expect(twilio.messages({ to: '+14045551248' }).map((m) => m.body)).toEqual([loginCodeSms(COMPANY.name, code, 10)]);
  });

  it('retries a failing provider within the lifetime and sends exactly once', async () => {
    twilio.addFault({ type: 'next', count: 2, status: 500 });
    const { messageId } = await newLoginCode('+14045551235', 60_000);
    const id = await send({ messageId });
    const job = await finished(id, 'completed');
    expect(job.attemptsMade).toBe(3); // two failures, then the send
    expect(twilio.messages({ to: '+14045551235' })).toHaveLength(1);
  });

  it('never sends after the code has expired, however long the provider was down', async () => {
    twilio.addFault({ type: 'outage', seconds: 3 });
    const { messageId } = await newLoginCode('+14045551236', 1_000);
    const id = await send({ messageId });
    const job = await finished(id, 'completed');
    expect(job.returnvalue).toEqual({ skipped: 'expired' });
    await new Promise((r) => setTimeout(r, 3_200)); // past the outage: still nothing goes out
    expect(twilio.messages({ to: '+14045551236' })).toHaveLength(0);
  });

  it('writes a customer notice from its deal as it is when the text goes out', async () => {
    const { dealId } = await insertBooking(db);
    const { reference } = await db.deal.findUniqueOrThrow({ where: { id: dealId }, select: { reference: true } });
    const id = await send({ messageId: await newMessage('request_received', '+14045551237', dealId) });
    await finished(id, 'completed');
    expect(twilio.messages({ to: '+14045551237' }).map((m) => m.body)).toEqual([requestReceivedSms({ company: COMPANY.name }, reference)]);

    const goneId = await newMessage('request_received', '+14045551238', dealId);
    await db.deal.delete({ where: { id: dealId } });
    const gone = await finished(await send({ messageId: goneId }), 'completed');
    expect(gone.returnvalue).toEqual({ skipped: 'gone' });
    expect(twilio.messages({ to: '+14045551238' })).toHaveLength(0);
    expect(await db.smsMessage.findUniqueOrThrow({ where: { id: goneId } })).toMatchObject({ status: 'canceled', errorMessage: 'Not sent: the cleaning it was about no longer exists.' });
  });

  it('confirms and reminds with the date and the portal link, and drops a text whose date has moved on', async () => {
    const { dealId } = await insertBooking(db);
    const at = new Date(Date.now() + 3 * 86_400_000);
    const { reference } = await db.deal.update({ where: { id: dealId }, data: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at }, select: { reference: true } });
    const subject = { scheduledAt: at.toISOString() };
    await finished(await send({ messageId: await newMessage('cleaning_confirmed', '+14045551239', dealId), subject }), 'completed');
    const ctx = { company: COMPANY.name, phone: formatUsPhone(COMPANY.phone), portalUrl: PORTAL_URL };
    expect(twilio.messages({ to: '+14045551239' }).map((m) => m.body)).toEqual([cleaningConfirmedSms(ctx, reference, at)]);
    await finished(await send({ messageId: await newMessage('reminder', '+14045551241', dealId), subject }), 'completed');
    expect(twilio.messages({ to: '+14045551241' }).map((m) => m.body)).toEqual([reminderSms(ctx, at)]);

    // Moved again before the text went out: that move has its own text; this one is stale.
    await db.deal.update({ where: { id: dealId }, data: { scheduledAt: new Date(at.getTime() + 86_400_000) } });
    const stale = await finished(await send({ messageId: await newMessage('cleaning_confirmed', '+14045551240', dealId), subject }), 'completed');
    expect(stale.returnvalue).toEqual({ skipped: 'stale' });
    expect(twilio.messages({ to: '+14045551240' })).toHaveLength(0);
  });

  it("says the cleaner is on the way with the window, living only until the window ends; none once started or too late", async () => {
    const owner = await db.owner.create({ data: { hubspotId: `owner-omw-${++counter}-${Date.now()}`, firstName: 'Maria', email: `maria.${counter}@example.com` } });
    const onTheWay = async (tappedAt: Date, minutes: number, started = false) => {
      const { dealId } = await insertBooking(db);
      await db.deal.update({ where: { id: dealId }, data: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date(Date.now() + 30 * MINUTE) } });
      await db.cleaningVisit.create({
        data: { dealId, ownerHubspotId: owner.hubspotId, cleanerEmail: owner.email!, onMyWayAt: tappedAt, etaMinutes: minutes, ...(started ? { startedAt: new Date() } : {}) },
      });
      return dealId;
    };
    const tapped = new Date();
    const dealId = await onTheWay(tapped, 15);
    await finished(await send({ messageId: await newMessage('on_my_way', '+14045551291', dealId) }), 'completed');
    expect(twilio.messages({ to: '+14045551291' }).map((m) => m.body)).toEqual([onMyWaySms({ company: COMPANY.name }, 'Maria', tapped, 15)]);
    // Both ends of the window with AM/PM, in the template's words.
    expect(twilio.messages({ to: '+14045551291' })[0]!.body).toMatch(/^.+: Maria is on the way and should arrive between \d{1,2}:\d{2} (AM|PM) and \d{1,2}:\d{2} (AM|PM)\.$/);
    const validity = Number(twilio.requests().find((r) => r.params?.To === '+14045551291')?.params?.ValidityPeriod);
    expect(validity).toBeGreaterThan(15 * 60);
    expect(validity).toBeLessThanOrEqual(21 * 60);

    // The window (tapped 40 minutes ago, 10 minutes away: it ended 25 minutes ago) is over; or the cleaner has started.
    for (const [to, id] of [
      ['+14045551292', await onTheWay(new Date(Date.now() - 40 * MINUTE), 10)],
      ['+14045551293', await onTheWay(new Date(), 30, true)],
    ] as const) {
      const late = await finished(await send({ messageId: await newMessage('on_my_way', to, id) }), 'completed');
      expect(late.returnvalue).toEqual({ skipped: 'stale' });
      expect(twilio.messages({ to })).toHaveLength(0);
    }
  });

  it('sends an open invoice with its amount and link, and an answered request, while they still hold', async () => {
    const { dealId, contactId } = await insertBooking(db);
    const { reference } = await db.deal.update({
      where: { id: dealId },
      data: { invoiceHubspotId: 'inv-77', invoiceStatus: 'open', invoiceAmountCents: 14_550, invoiceUrl: 'https://pay.example.com/inv-77' },
      select: { reference: true },
    });
    const ctx = { company: COMPANY.name, phone: formatUsPhone(COMPANY.phone), portalUrl: PORTAL_URL };
    await finished(await send({ messageId: await newMessage('invoice_ready', '+14045551242', dealId), subject: { invoiceId: 'inv-77' } }), 'completed');
    expect(twilio.messages({ to: '+14045551242' }).map((m) => m.body)).toEqual([invoiceReadySms(ctx, '$145.50', 'https://pay.example.com/inv-77')]);
    expect(twilio.messages({ to: '+14045551242' })[0]!.body).toContain('$145.50');

    await db.deal.update({ where: { id: dealId }, data: { invoiceStatus: 'paid' } });
    const paid = await finished(await send({ messageId: await newMessage('invoice_ready', '+14045551243', dealId), subject: { invoiceId: 'inv-77' } }), 'completed');
    expect(paid.returnvalue).toEqual({ skipped: 'stale' });

    const ticket = await db.ticket.create({ data: { dealId, contactId, category: 'CancellationRequest', pipelineStage: '1613485806' }, select: { id: true } });
    await finished(await send({ messageId: await newMessage('request_answered', '+14045551244', dealId), subject: { ticketId: ticket.id } }), 'completed');
    // Declined, on a cleaning with no date yet: the text says so, and the portal says why.
    expect(twilio.messages({ to: '+14045551244' }).map((m) => m.body)).toEqual([requestAnsweredSms(ctx, reference, 'cancellation request', { kind: 'declined', scheduledAt: null })]);
    expect(twilio.messages({ to: '+14045551244' })[0]!.body).toBe(`${COMPANY.name}: we can't cancel your cleaning ${reference}. Why: ${PORTAL_URL}`);
    await db.ticket.update({ where: { id: ticket.id }, data: { pipelineStage: '1' } });
    const reopened = await finished(await send({ messageId: await newMessage('request_answered', '+14045551245', dealId), subject: { ticketId: ticket.id } }), 'completed');
    expect(reopened.returnvalue).toEqual({ skipped: 'stale' });
    expect(twilio.messages({ to: '+14045551245' })).toHaveLength(0);
  });

  it('does not retry a number the provider refuses', async () => {
    const id = await send({ messageId: await invite('+15005550001') });
    const job = await finished(id, 'failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toContain('21211');
  });

  it('completes a job whose message row is gone without sending anything', async () => {
    const job = await finished(await send({ messageId: 'no-such-message' }), 'completed');
    expect(job.returnvalue).toEqual({ skipped: 'gone' });
    expect(twilio.requests()).toHaveLength(0);
  });

  describe('with its sms_message row', () => {
    const row = (id: string) => db.smsMessage.findUniqueOrThrow({ where: { id } });

    it('records the SID and sent before completing, and asks Twilio to report delivery', async () => {
      const messageId = await invite('+14045551240');
      const id = await send({ messageId });
      // The job's return value is written only after `process` returned, which recorded the SID first.
      const job = await finished(id, 'completed');
      const [message] = twilio.messages({ to: '+14045551240' });
      expect(job.returnvalue).toEqual({ sid: message?.sid });
      const recorded = await row(messageId);
      expect(recorded).toMatchObject({ sid: message?.sid, status: 'sent', errorCode: null });
      expect(recorded.sentAt).toBeInstanceOf(Date);
      await expect.poll(() => twilio.callbacks().filter((c) => c.sid === message?.sid).map((c) => c.url)).toEqual([
        `${CALLBACK_URL}?messageId=${messageId}`,
        `${CALLBACK_URL}?messageId=${messageId}`,
      ]);
    });

    it('does not send again when the SID is already recorded (a retry after a crash, or a job added again by hand)', async () => {
      const { messageId } = await newLoginCode('+14045551241');
      await db.smsMessage.update({ where: { id: messageId }, data: { sid: `SM${'a'.repeat(32)}`, status: 'sent' } });
      const job = await finished(await send({ messageId }), 'completed');
      expect(job.returnvalue).toEqual({ sid: `SM${'a'.repeat(32)}` });
      expect(twilio.messages({ to: '+14045551241' })).toHaveLength(0);
    });

    it('sends nothing for a message no longer queued (canceled or refused before)', async () => {
      const messageId = await invite('+14045551249');
      await db.smsMessage.update({ where: { id: messageId }, data: { status: 'canceled', errorMessage: 'Not sent: the phone opted out of texts (STOP).' } });
      const job = await finished(await send({ messageId }), 'completed');
      expect(job.returnvalue).toEqual({ skipped: 'not_queued' });
      expect(twilio.messages({ to: '+14045551249' })).toHaveLength(0);
      expect(await row(messageId)).toMatchObject({ status: 'canceled', errorMessage: 'Not sent: the phone opted out of texts (STOP).' });
    });

    it('sends once however often the same message is run', async () => {
      const { messageId } = await newLoginCode('+14045551242');
      await finished(await send({ messageId }), 'completed');
      await finished(await send({ messageId }), 'completed');
      expect(twilio.messages({ to: '+14045551242' })).toHaveLength(1);
      expect((await row(messageId)).sid).toBe(twilio.messages({ to: '+14045551242' })[0]?.sid);
    });

    it('marks a message Twilio refuses as failed with its error code', async () => {
      // Twilio's magic number for an invalid 'To'.
      const { messageId } = await newLoginCode('+15005550001');
      const job = await finished(await send({ messageId }), 'failed');
      expect(job.attemptsMade).toBe(1);
      expect(await row(messageId)).toMatchObject({ sid: null, status: 'failed', errorCode: 21211 });
    });

    it('sends nothing to a phone that opted out, login codes included: the row ends canceled', async () => {
      const phone = '+14045551260';
      await db.smsOptOut.upsert({ where: { phone }, create: { phone, source: 'keyword', keyword: 'STOP' }, update: {} });
      const { messageId } = await newLoginCode(phone);
      const job = await finished(await send({ messageId }), 'completed');
      expect(job.returnvalue).toEqual({ skipped: 'opted_out' });
      expect(twilio.messages({ to: phone })).toHaveLength(0);
      expect(await row(messageId)).toMatchObject({ sid: null, status: 'canceled', errorMessage: 'Not sent: the phone opted out of texts (STOP).' });
    });

    it('records the opt-out when Twilio refuses a send with 21610 (a STOP our webhook missed)', async () => {
      const phone = '+14045551261';
      // The phone replied STOP while no webhook was set: only Twilio knows.
      await twilio.receive({ from: phone, body: 'STOP' });
      const { messageId } = await newLoginCode(phone);
      const job = await finished(await send({ messageId }), 'failed');
      expect(job.attemptsMade).toBe(1);
      expect(await row(messageId)).toMatchObject({ sid: null, status: 'failed', errorCode: 21610 });
      expect(await db.smsOptOut.findUnique({ where: { phone } })).toMatchObject({ source: 'provider', keyword: null });
      expect(twilio.messages({ to: phone }).map((m) => m.direction)).toEqual(['outbound-reply']);
    });

    it('sends a login code with its remaining life as ValidityPeriod, and none with 6 seconds or less left', async () => {
      const phone = '+14045551262';
      const { messageId } = await newLoginCode(phone, 300_000);
      await finished(await send({ messageId }), 'completed');
      const create = twilio.requests().find((r) => r.params?.To === phone);
      expect(Number(create?.params?.ValidityPeriod)).toBeGreaterThanOrEqual(290);
      expect(Number(create?.params?.ValidityPeriod)).toBeLessThanOrEqual(300);
      // A text without a deadline leaves Twilio's default.
      await finished(await send({ messageId: await invite('+14045551263') }), 'completed');
      expect(twilio.requests().find((r) => r.params?.To === '+14045551263')?.params).not.toHaveProperty('ValidityPeriod');

      const { messageId: lateId } = await newLoginCode('+14045551264', 5_500);
      const late = await finished(await send({ messageId: lateId }), 'completed');
      expect(late.returnvalue).toEqual({ skipped: 'expired' });
      expect(twilio.messages({ to: '+14045551264' })).toHaveLength(0);
      expect(await row(lateId)).toMatchObject({ status: 'canceled', errorMessage: 'Not sent: the login code expired before it could go out.' });

      // A code whose challenge was purged (long expired) is not sent either.
      const { messageId: purgedId } = await newLoginCode('+14045551271');
      await db.otpChallenge.deleteMany({ where: { smsMessages: { some: { id: purgedId } } } });
      expect((await finished(await send({ messageId: purgedId }), 'completed')).returnvalue).toEqual({ skipped: 'expired' });
      expect(twilio.messages({ to: '+14045551271' })).toHaveLength(0);
    });

    it('sends a held-back phone its login codes but no other text, which ends canceled with the reason', async () => {
      const phone = '+14045551265';
      await db.smsDeliveryHold.create({ data: { phone, errorCode: 30007, purpose: 'reminder' } });
      const inviteId = await invite(phone);
      const held = await finished(await send({ messageId: inviteId }), 'completed');
      expect(held.returnvalue).toEqual({ skipped: 'held' });
      expect(await row(inviteId)).toMatchObject({ status: 'canceled', sid: null, errorMessage: HELD_TEXT_REASON });

      const { messageId: codeId } = await newLoginCode(phone);
      const code = await finished(await send({ messageId: codeId }), 'completed');
      expect(code.returnvalue).toEqual({ sid: expect.stringMatching(/^SM/) });
      expect(twilio.messages({ to: phone }).map((m) => m.body)).toEqual([expect.stringContaining('code')]);
      // The hold is the api's to lift, when the delivery report comes.
      expect(await db.smsDeliveryHold.findUnique({ where: { phone } })).not.toBeNull();
    });

    /** A public booking by `phone` with the form's text box ticked or not, kept at `at` (as the api keeps it). */
    async function bookedOnForm(phone: string, textsAgreed: boolean, at: Date, version: string = SMS_CONSENT_VERSION): Promise<string> {
      const { dealId, contactId, email } = await insertBooking(db, { submittedPhone: phone });
      const request = await db.bookingRequest.create({ data: { contactId, dealId, source: 'public_form', payload: {} }, select: { id: true } });
      await db.smsConsent.create({
        data: { form: 'booking', phone, email, contactId, bookingRequestId: request.id, version, words: 'The words the form showed.', textsAgreed, agreedAt: at },
      });
      return dealId;
    }

    it('sends a phone whose newest booking left the text box unticked no notice (canceled, with the reason), but its login codes', async () => {
      const phone = '+14045551267';
      const dealId = await bookedOnForm(phone, false, new Date(Date.now() - 60_000));
      const at = new Date(Date.now() + 3 * 86_400_000);
      await db.deal.update({ where: { id: dealId }, data: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at } });
      const reminderId = await newMessage('reminder', phone, dealId);
      const reminder = await finished(await send({ messageId: reminderId, subject: { scheduledAt: at.toISOString() } }), 'completed');
      expect(reminder.returnvalue).toEqual({ skipped: 'not_agreed' });
      expect(await row(reminderId)).toMatchObject({ status: 'canceled', sid: null, errorMessage: 'Not sent: the customer did not agree to texts on the booking form.' });
      expect(TEXTS_NOT_AGREED_REASON).toBe('Not sent: the customer did not agree to texts on the booking form.');
      // A staff invite is not a login code either.
      expect((await finished(await send({ messageId: await invite(phone) }), 'completed')).returnvalue).toEqual({ skipped: 'not_agreed' });
      expect(twilio.messages({ to: phone })).toHaveLength(0);

      // The person asking for a login code is there: it goes.
      const { messageId: codeId } = await newLoginCode(phone);
      const code = await finished(await send({ messageId: codeId }), 'completed');
      expect(code.returnvalue).toEqual({ sid: expect.stringMatching(/^SM/) });
      expect(twilio.messages({ to: phone }).map((m) => m.body)).toEqual([expect.stringContaining('login code')]);
    });

    it('texts the phone again once a later booking ticks the box; a phone never booked on the form keeps today\'s texts', async () => {
      const phone = '+14045551268';
      await bookedOnForm(phone, false, new Date(Date.now() - 120_000));
      const dealId = await bookedOnForm(phone, true, new Date(Date.now() - 60_000));
      const { reference } = await db.deal.findUniqueOrThrow({ where: { id: dealId }, select: { reference: true } });
      await finished(await send({ messageId: await newMessage('request_received', phone, dealId) }), 'completed');
      expect(twilio.messages({ to: phone }).map((m) => m.body)).toEqual([requestReceivedSms({ company: COMPANY.name }, reference)]);

      // Ticked then unticked: the newest choice rules.
      const later = '+14045551269';
      await bookedOnForm(later, true, new Date(Date.now() - 120_000));
      const unticked = await bookedOnForm(later, false, new Date(Date.now() - 60_000));
      expect((await finished(await send({ messageId: await newMessage('request_received', later, unticked) }), 'completed')).returnvalue).toEqual({ skipped: 'not_agreed' });

      // Booked by the office in HubSpot (no form, no consent row): texted as before.
      const office = '+14045551270';
      const { dealId: officeDeal } = await insertBooking(db, { submittedPhone: office });
      expect((await finished(await send({ messageId: await newMessage('request_received', office, officeDeal) }), 'completed')).returnvalue).toEqual({ sid: expect.stringMatching(/^SM/) });
    });

    it("follows the portal's choice as the newest: turned on after an unticked box, texts go; turned off there, none but login codes", async () => {
      const phone = '+14045551280';
      const { contactId, email } = await insertBooking(db, { submittedPhone: '+14045551281' });
      await bookedOnForm(phone, false, new Date(Date.now() - 120_000));
      const portal = (textsAgreed: boolean) => recordPortalTextsChoice(db, { phone, email, contactId, textsAgreed, version: SMS_CONSENT_VERSION, words: 'The portal words.' });
      await portal(true);
      expect((await finished(await send({ messageId: await invite(phone) }), 'completed')).returnvalue).toEqual({ sid: expect.stringMatching(/^SM/) });

      await portal(false);
      const offId = await invite(phone);
      expect((await finished(await send({ messageId: offId }), 'completed')).returnvalue).toEqual({ skipped: 'turned_off' });
      expect(await row(offId)).toMatchObject({ status: 'canceled', sid: null, errorMessage: TEXTS_TURNED_OFF_REASON });
      expect(TEXTS_TURNED_OFF_REASON).toBe('Not sent: the customer turned texts off in the portal.');
      const { messageId: codeId } = await newLoginCode(phone);
      expect((await finished(await send({ messageId: codeId }), 'completed')).returnvalue).toEqual({ sid: expect.stringMatching(/^SM/) });
      expect(twilio.messages({ to: phone })).toHaveLength(2);
    });

    it('sends a staff reply its own words, kept on the row; to an unticked phone only once it texted us since that booking', async () => {
      const phone = '+14045551271';
      await bookedOnForm(phone, false, new Date(Date.now() - 120_000));
      const reply = async () =>
        (await db.smsMessage.create({ data: { purpose: 'staff_reply', to: phone, body: 'Yes, 10 works.', staffEmail: 'sam@example.com' }, select: { id: true } })).id;
      const before = await reply();
      expect((await finished(await send({ messageId: before }), 'completed')).returnvalue).toEqual({ skipped: 'not_agreed' });

      // The customer texts us: they asked, and the answer goes.
      await db.inboundText.create({ data: { sid: `SM${'7'.repeat(32)}`, fromPhone: phone, body: 'Can she come at 10?', receivedAt: new Date(Date.now() - 60_000) } });
      const after = await reply();
      expect((await finished(await send({ messageId: after }), 'completed')).returnvalue).toEqual({ sid: expect.stringMatching(/^SM/) });
      expect(twilio.messages({ to: phone }).map((m) => m.body)).toEqual(['Yes, 10 works.']);
      expect(await row(after)).toMatchObject({ status: 'sent', body: 'Yes, 10 works.' });
      // A reminder is no answer: still held back.
      const reminderId = await newMessage('reminder', phone);
      expect((await finished(await send({ messageId: reminderId }), 'completed')).returnvalue).toEqual({ skipped: 'not_agreed' });
    });

    it('asks for a rating only a phone that agreed under words naming it; its other texts still go', async () => {
      const phone = '+14045551273';
      const dealId = await bookedOnForm(phone, true, new Date(Date.now() - 60_000), '2026-11-27.2');
      const ratingId = await newMessage('rating_request', phone, dealId);
      expect((await finished(await send({ messageId: ratingId }), 'completed')).returnvalue).toEqual({ skipped: 'rating_not_named' });
      expect(await row(ratingId)).toMatchObject({ status: 'canceled', sid: null, errorMessage: 'Not sent: the customer agreed to texts before our terms named rating requests.' });
      const { reference } = await db.deal.findUniqueOrThrow({ where: { id: dealId }, select: { reference: true } });
      await finished(await send({ messageId: await newMessage('request_received', phone, dealId) }), 'completed');
      expect(twilio.messages({ to: phone }).map((m) => m.body)).toEqual([requestReceivedSms({ company: COMPANY.name }, reference)]);
    });

    it('keeps the words of a template once sent, never a login code\'s', async () => {
      const phone = '+14045551272';
      await finished(await send({ messageId: await invite(phone) }), 'completed');
      const { messageId: codeId } = await newLoginCode(phone);
      await finished(await send({ messageId: codeId }), 'completed');
      const rows = await db.smsMessage.findMany({ where: { to: phone }, orderBy: { createdAt: 'asc' }, select: { purpose: true, body: true, status: true } });
      expect(rows).toEqual([
        { purpose: 'staff_invite', body: portalInviteSms(COMPANY.name, PORTAL_URL), status: 'sent' },
        { purpose: 'login_code', body: null, status: 'sent' },
      ]);
    });

    it('holds the phone back when Twilio refuses the send itself with 30007', async () => {
      const phone = '+14045551266';
      twilio.addFault({ type: 'next', count: 1, status: 400, code: 30007 });
      const { dealId } = await insertBooking(db);
      const messageId = await newMessage('request_received', phone, dealId);
      const job = await finished(await send({ messageId }), 'failed');
      expect(job.attemptsMade).toBe(1);
      expect(await row(messageId)).toMatchObject({ status: 'failed', errorCode: 30007 });
      expect(await db.smsDeliveryHold.findUnique({ where: { phone } })).toMatchObject({ errorCode: 30007, purpose: 'request_received' });
    });

    it('keeps the status a faster callback recorded when it stores the SID', async () => {
      const { messageId } = await newLoginCode('+14045551244');
      const sid = `SM${'b'.repeat(32)}`;
      // The api matched an early callback to this row through the URL's messageId.
      await db.smsMessage.update({ where: { id: messageId }, data: { sid, status: 'undelivered', errorCode: 30003 } });
      await recordAccepted(db, messageId, { sid, body: null, hubspotLog: false }, new Date());
      const recorded = await row(messageId);
      expect(recorded).toMatchObject({ sid, status: 'undelivered', errorCode: 30003 });
      expect(recorded.sentAt).toBeInstanceOf(Date);
    });
  });
});
