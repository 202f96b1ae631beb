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
import { cleaningConfirmedSms, invoiceReadySms, reminderSms, requestAnsweredSms, requestReceivedSms } from '@app/shared/customer-messages';
import { STAGE } from '@app/shared/deal-stages';
import { formatUsPhone } from '@app/shared/phone';
import { HELD_TEXT_REASON } from '@app/shared/sms-delivery-hold';
import { TEXTS_NOT_AGREED_REASON } from '@app/shared/sms-consent';

const log = createLogger({ service: 'sms-test', level: 'silent', format: 'json' });
const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'sms-test-token';
const FROM = '+15555550100';
// Nothing listens there: these tests read the emulator's callback log, not an api.
const CALLBACK_URL = 'http://127.0.0.1:1/api/twilio/status';

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
      jobs: [smsSendJob({ portalUrl: 'http://127.0.0.1:5173/login', db, twilio: client, from: FROM, otpSecret: TEST_OTP_SECRET, statusCallbackUrl: CALLBACK_URL })],
      log,
      settings: { concurrency: 2, backoff: { baseMs: 200, capMs: 400 } },
    });
    queue = backend.createQueue('sms');
  });
  afterEach(async () => {
    await queue.close();
    await runtime.close();
  });

  async function send(payload: Record<string, unknown>): Promise<string> {
    const id = `sms-${++counter}`;
    await queue.add('sms.send', payload, { ...DEFAULT_JOB_OPTIONS, jobId: id });
    return id;
  }
  const finished = async (id: string, state: string) => {
    await expect.poll(() => queue.getJobState(id), { timeout: 15_000, interval: 100 }).toBe(state);
    return (await queue.getJob(id))!;
  };

  it('sends the message and records the provider message id', async () => {
    const id = await send({ to: '+14045551234', body: 'Your code is 123456' });
    const job = await finished(id, 'completed');
    const [message] = twilio.messages({ to: '+14045551234' });
    expect(message?.body).toBe('Your code is 123456');
    expect(message?.from).toBe(FROM);
    expect(job.returnvalue).toEqual({ sid: message?.sid });
  });

  it('retries a failing provider within the lifetime and sends exactly once', async () => {
    twilio.addFault({ type: 'next', count: 2, status: 500 });
    const id = await send({ to: '+14045551235', body: 'code 1', notAfter: new Date(Date.now() + 60_000).toISOString() });
    const job = await finished(id, 'completed');
    expect(job.attemptsMade).toBe(3); // two failures, then the send
    expect(twilio.messages({ to: '+14045551235' })).toHaveLength(1);
  });

  it('never sends after the code has expired, however long the provider was down', async () => {
    twilio.addFault({ type: 'outage', seconds: 3 });
    const id = await send({ to: '+14045551236', body: 'code 2', notAfter: new Date(Date.now() + 1_000).toISOString() });
    const job = await finished(id, 'completed');
    expect(job.returnvalue).toEqual({ skipped: 'expired' });
    await new Promise((r) => setTimeout(r, 3_200)); // past the outage: still nothing goes out
    expect(twilio.messages({ to: '+14045551236' })).toHaveLength(0);
  });

  it('writes a customer notice from its deal as it is when the text goes out', async () => {
    const { dealId } = await insertBooking(db);
    const { reference } = await db.deal.findUniqueOrThrow({ where: { id: dealId }, select: { reference: true } });
    const id = await send({ to: '+14045551237', notice: { kind: 'request_received', dealId } });
    await finished(id, 'completed');
    expect(twilio.messages({ to: '+14045551237' }).map((m) => m.body)).toEqual([requestReceivedSms({ company: COMPANY.name }, reference)]);

    await db.deal.delete({ where: { id: dealId } });
    const gone = await finished(await send({ to: '+14045551238', notice: { kind: 'request_received', dealId } }), 'completed');
    expect(gone.returnvalue).toEqual({ skipped: 'gone' });
    expect(twilio.messages({ to: '+14045551238' })).toHaveLength(0);
  });

  it('confirms and reminds with the date and the portal link, and drops a text whose date has moved on', async () => {
    const { dealId } = await insertBooking(db);
    const at = new Date(Date.now() + 3 * 86_400_000);
    const { reference } = await db.deal.update({ where: { id: dealId }, data: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at }, select: { reference: true } });
    await finished(await send({ to: '+14045551239', notice: { kind: 'cleaning_confirmed', dealId, scheduledAt: at.toISOString() } }), 'completed');
    const ctx = { company: COMPANY.name, phone: formatUsPhone(COMPANY.phone), portalUrl: 'http://127.0.0.1:5173/login' };
    expect(twilio.messages({ to: '+14045551239' }).map((m) => m.body)).toEqual([cleaningConfirmedSms(ctx, reference, at)]);
    await finished(await send({ to: '+14045551241', notice: { kind: 'reminder', dealId, scheduledAt: at.toISOString() } }), 'completed');
    expect(twilio.messages({ to: '+14045551241' }).map((m) => m.body)).toEqual([reminderSms(ctx, at)]);

    // Moved again before the text went out: that move has its own text; this one is stale.
    await db.deal.update({ where: { id: dealId }, data: { scheduledAt: new Date(at.getTime() + 86_400_000) } });
    const stale = await finished(await send({ to: '+14045551240', notice: { kind: 'cleaning_confirmed', dealId, scheduledAt: at.toISOString() } }), 'completed');
    expect(stale.returnvalue).toEqual({ skipped: 'stale' });
    expect(twilio.messages({ to: '+14045551240' })).toHaveLength(0);
  });

  it('sends an open invoice with its amount and link, and an answered request, while they still hold', async () => {
    const { dealId, contactId } = await insertBooking(db);
    const { reference } = await db.deal.update({
      where: { id: dealId },
      data: { invoiceHubspotId: 'inv-77', invoiceStatus: 'open', invoiceAmountCents: 14_550, invoiceUrl: 'https://pay.example.com/inv-77' },
      select: { reference: true },
    });
    const ctx = { company: COMPANY.name, phone: formatUsPhone(COMPANY.phone), portalUrl: 'http://127.0.0.1:5173/login' };
    await finished(await send({ to: '+14045551242', notice: { kind: 'invoice_ready', dealId, invoiceId: 'inv-77' } }), 'completed');
    expect(twilio.messages({ to: '+14045551242' }).map((m) => m.body)).toEqual([invoiceReadySms(ctx, '$145.50', 'https://pay.example.com/inv-77')]);
    expect(twilio.messages({ to: '+14045551242' })[0]!.body).toContain('$145.50');

    await db.deal.update({ where: { id: dealId }, data: { invoiceStatus: 'paid' } });
    const paid = await finished(await send({ to: '+14045551243', notice: { kind: 'invoice_ready', dealId, invoiceId: 'inv-77' } }), 'completed');
    expect(paid.returnvalue).toEqual({ skipped: 'stale' });

    const ticket = await db.ticket.create({ data: { dealId, contactId, category: 'CancellationRequest', pipelineStage: '1613485806' }, select: { id: true } });
    await finished(await send({ to: '+14045551244', notice: { kind: 'request_answered', dealId, ticketId: ticket.id } }), 'completed');
    expect(twilio.messages({ to: '+14045551244' }).map((m) => m.body)).toEqual([requestAnsweredSms(ctx, reference, 'cancellation')]);
    await db.ticket.update({ where: { id: ticket.id }, data: { pipelineStage: '1' } });
    const reopened = await finished(await send({ to: '+14045551245', notice: { kind: 'request_answered', dealId, ticketId: ticket.id } }), 'completed');
    expect(reopened.returnvalue).toEqual({ skipped: 'stale' });
    expect(twilio.messages({ to: '+14045551245' })).toHaveLength(0);
  });

  it('does not retry a number the provider refuses', async () => {
    const id = await send({ to: '+15005550001', body: 'code 3' });
    const job = await finished(id, 'failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toContain('21211');
  });

  describe('with its sms_message row', () => {
    const newMessage = (to: string) => db.smsMessage.create({ data: { purpose: 'login_code', to }, select: { id: true } });
    const row = (id: string) => db.smsMessage.findUniqueOrThrow({ where: { id } });

    it('records the SID and sent before completing, and asks Twilio to report delivery', async () => {
      const { id: messageId } = await newMessage('+14045551240');
      const id = await send({ to: '+14045551240', body: 'code 4', messageId });
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

    it('does not send again when the SID is already recorded (a retry after a crash)', async () => {
      const { id: messageId } = await newMessage('+14045551241');
      await db.smsMessage.update({ where: { id: messageId }, data: { sid: `SM${'a'.repeat(32)}`, status: 'sent' } });
      const job = await finished(await send({ to: '+14045551241', body: 'code 5', messageId }), 'completed');
      expect(job.returnvalue).toEqual({ sid: `SM${'a'.repeat(32)}` });
      expect(twilio.messages({ to: '+14045551241' })).toHaveLength(0);
    });

    it('sends once however often the same message is run', async () => {
      const { id: messageId } = await newMessage('+14045551242');
      const payload = { to: '+14045551242', body: 'code 6', messageId };
      await finished(await send(payload), 'completed');
      await finished(await send(payload), 'completed');
      expect(twilio.messages({ to: '+14045551242' })).toHaveLength(1);
      expect((await row(messageId)).sid).toBe(twilio.messages({ to: '+14045551242' })[0]?.sid);
    });

    it('marks a message Twilio refuses as failed with its error code', async () => {
      const { id: messageId } = await newMessage('+14045551243');
      // Twilio's magic number for an invalid 'To' (the row's phone is only what the job was given).
      const job = await finished(await send({ to: '+15005550001', body: 'code 7', messageId }), 'failed');
      expect(job.attemptsMade).toBe(1);
      expect(await row(messageId)).toMatchObject({ sid: null, status: 'failed', errorCode: 21211 });
    });

    it('sends nothing to a phone that opted out, login codes included: the row ends canceled', async () => {
      const phone = '+14045551260';
      await db.smsOptOut.upsert({ where: { phone }, create: { phone, source: 'keyword', keyword: 'STOP' }, update: {} });
      const { id: messageId } = await newMessage(phone);
      const job = await finished(await send({ to: phone, body: 'code 8', messageId }), 'completed');
      expect(job.returnvalue).toEqual({ skipped: 'opted_out' });
      expect(twilio.messages({ to: phone })).toHaveLength(0);
      expect(await row(messageId)).toMatchObject({ sid: null, status: 'canceled', errorMessage: 'Not sent: the phone opted out of texts (STOP).' });
    });

    it('records the opt-out when Twilio refuses a send with 21610 (a STOP our webhook missed)', async () => {
      const phone = '+14045551261';
      // The phone replied STOP while no webhook was set: only Twilio knows.
      await twilio.receive({ from: phone, body: 'STOP' });
      const { id: messageId } = await newMessage(phone);
      const job = await finished(await send({ to: phone, body: 'code 9', messageId }), 'failed');
      expect(job.attemptsMade).toBe(1);
      expect(await row(messageId)).toMatchObject({ sid: null, status: 'failed', errorCode: 21610 });
      expect(await db.smsOptOut.findUnique({ where: { phone } })).toMatchObject({ source: 'provider', keyword: null });
      expect(twilio.messages({ to: phone }).map((m) => m.direction)).toEqual(['outbound-reply']);
    });

    it('sends a login code with its remaining life as ValidityPeriod, and none with 6 seconds or less left', async () => {
      const phone = '+14045551262';
      const { id: messageId } = await newMessage(phone);
      const notAfter = new Date(Date.now() + 300_000).toISOString();
      await finished(await send({ to: phone, loginCode: { challengeId: 'challenge-validity', minutes: 10 }, notAfter, messageId }), 'completed');
      const create = twilio.requests().find((r) => r.params?.To === phone);
      expect(Number(create?.params?.ValidityPeriod)).toBeGreaterThanOrEqual(290);
      expect(Number(create?.params?.ValidityPeriod)).toBeLessThanOrEqual(300);
      // A text without a deadline leaves Twilio's default.
      await finished(await send({ to: '+14045551263', body: 'no deadline' }), 'completed');
      expect(twilio.requests().find((r) => r.params?.To === '+14045551263')?.params).not.toHaveProperty('ValidityPeriod');

      const { id: lateId } = await newMessage('+14045551264');
      const late = await finished(await send({ to: '+14045551264', loginCode: { challengeId: 'challenge-late', minutes: 10 }, notAfter: new Date(Date.now() + 5_500).toISOString(), messageId: lateId }), 'completed');
      expect(late.returnvalue).toEqual({ skipped: 'expired' });
      expect(twilio.messages({ to: '+14045551264' })).toHaveLength(0);
      expect(await row(lateId)).toMatchObject({ status: 'canceled', errorMessage: 'Not sent: the login code expired before it could go out.' });
    });

    it('sends a held-back phone its login codes but no other text, which ends canceled with the reason', async () => {
      const phone = '+14045551265';
      await db.smsDeliveryHold.create({ data: { phone, errorCode: 30007, purpose: 'reminder' } });
      const { id: inviteId } = await db.smsMessage.create({ data: { purpose: 'staff_invite', to: phone }, select: { id: true } });
      const invite = await finished(await send({ to: phone, body: 'You are invited', messageId: inviteId }), 'completed');
      expect(invite.returnvalue).toEqual({ skipped: 'held' });
      expect(await row(inviteId)).toMatchObject({ status: 'canceled', sid: null, errorMessage: HELD_TEXT_REASON });

      const { id: codeId } = await newMessage(phone);
      const code = await finished(await send({ to: phone, loginCode: { challengeId: 'challenge-held', minutes: 10 }, notAfter: new Date(Date.now() + 600_000).toISOString(), messageId: codeId }), 'completed');
      expect(code.returnvalue).toEqual({ sid: expect.stringMatching(/^SM/) });
      expect(twilio.messages({ to: phone }).map((m) => m.body)).toEqual([expect.stringContaining('code')]);
      // The hold is the api's to lift, when the delivery report comes.
      expect(await db.smsDeliveryHold.findUnique({ where: { phone } })).not.toBeNull();
    });

    /** A public booking by `phone` with the form's text box ticked or not, kept at `at` (as the api keeps it). */
    async function bookedOnForm(phone: string, textsAgreed: boolean, at: Date): Promise<string> {
      const { dealId, contactId, email } = await insertBooking(db, { submittedPhone: phone });
      const request = await db.bookingRequest.create({ data: { contactId, dealId, source: 'public_form', payload: {} }, select: { id: true } });
      await db.smsConsent.create({
        data: { form: 'booking', phone, email, contactId, bookingRequestId: request.id, version: '2026-11-27.2', words: 'The words the form showed.', textsAgreed, agreedAt: at },
      });
      return dealId;
    }

    it('sends a phone whose newest booking left the text box unticked no notice (canceled, with the reason), but its login codes', async () => {
      const phone = '+14045551267';
      const dealId = await bookedOnForm(phone, false, new Date(Date.now() - 60_000));
      const at = new Date(Date.now() + 3 * 86_400_000);
      await db.deal.update({ where: { id: dealId }, data: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at } });
      const { id: reminderId } = await db.smsMessage.create({ data: { purpose: 'reminder', to: phone, dealId }, select: { id: true } });
      const reminder = await finished(await send({ to: phone, messageId: reminderId, notice: { kind: 'reminder', dealId, scheduledAt: at.toISOString() } }), 'completed');
      expect(reminder.returnvalue).toEqual({ skipped: 'not_agreed' });
      expect(await row(reminderId)).toMatchObject({ status: 'canceled', sid: null, errorMessage: 'Not sent: the customer did not agree to texts on the booking form.' });
      expect(TEXTS_NOT_AGREED_REASON).toBe('Not sent: the customer did not agree to texts on the booking form.');
      // A staff invite is not a login code either.
      const { id: inviteId } = await db.smsMessage.create({ data: { purpose: 'staff_invite', to: phone }, select: { id: true } });
      expect((await finished(await send({ to: phone, body: 'You are invited', messageId: inviteId }), 'completed')).returnvalue).toEqual({ skipped: 'not_agreed' });
      expect(twilio.messages({ to: phone })).toHaveLength(0);

      // The person asking for a login code is there: it goes.
      const { id: codeId } = await newMessage(phone);
      const code = await finished(await send({ to: phone, loginCode: { challengeId: 'challenge-unticked', minutes: 10 }, notAfter: new Date(Date.now() + 600_000).toISOString(), messageId: codeId }), 'completed');
      expect(code.returnvalue).toEqual({ sid: expect.stringMatching(/^SM/) });
      expect(twilio.messages({ to: phone }).map((m) => m.body)).toEqual([expect.stringContaining('login code')]);
    });

    it('texts the phone again once a later booking ticks the box; a phone never booked on the form keeps today\'s texts', async () => {
      const phone = '+14045551268';
      await bookedOnForm(phone, false, new Date(Date.now() - 120_000));
      const dealId = await bookedOnForm(phone, true, new Date(Date.now() - 60_000));
      const { reference } = await db.deal.findUniqueOrThrow({ where: { id: dealId }, select: { reference: true } });
      const { id: messageId } = await db.smsMessage.create({ data: { purpose: 'request_received', to: phone, dealId }, select: { id: true } });
      await finished(await send({ to: phone, messageId, notice: { kind: 'request_received', dealId } }), 'completed');
      expect(twilio.messages({ to: phone }).map((m) => m.body)).toEqual([requestReceivedSms({ company: COMPANY.name }, reference)]);

      // Ticked then unticked: the newest choice rules.
      const later = '+14045551269';
      await bookedOnForm(later, true, new Date(Date.now() - 120_000));
      const unticked = await bookedOnForm(later, false, new Date(Date.now() - 60_000));
      const { id: laterId } = await db.smsMessage.create({ data: { purpose: 'request_received', to: later, dealId: unticked }, select: { id: true } });
      expect((await finished(await send({ to: later, messageId: laterId, notice: { kind: 'request_received', dealId: unticked } }), 'completed')).returnvalue).toEqual({ skipped: 'not_agreed' });

      // Booked by the office in HubSpot (no form, no consent row): texted as before.
      const office = '+14045551270';
      const { dealId: officeDeal } = await insertBooking(db, { submittedPhone: office });
      const { id: officeId } = await db.smsMessage.create({ data: { purpose: 'request_received', to: office, dealId: officeDeal }, select: { id: true } });
      expect((await finished(await send({ to: office, messageId: officeId, notice: { kind: 'request_received', dealId: officeDeal } }), 'completed')).returnvalue).toEqual({ sid: expect.stringMatching(/^SM/) });
    });

    it('holds the phone back when Twilio refuses the send itself with 30007', async () => {
      const phone = '+14045551266';
      twilio.addFault({ type: 'next', count: 1, status: 400, code: 30007 });
      const { id: messageId } = await db.smsMessage.create({ data: { purpose: 'request_received', to: phone }, select: { id: true } });
      const job = await finished(await send({ to: phone, body: 'Request received', messageId }), 'failed');
      expect(job.attemptsMade).toBe(1);
      expect(await row(messageId)).toMatchObject({ status: 'failed', errorCode: 30007 });
      expect(await db.smsDeliveryHold.findUnique({ where: { phone } })).toMatchObject({ errorCode: 30007, purpose: 'request_received' });
    });

    it('keeps the status a faster callback recorded when it stores the SID', async () => {
      const { id: messageId } = await newMessage('+14045551244');
      const sid = `SM${'b'.repeat(32)}`;
      // The api matched an early callback to this row through the URL's messageId.
      await db.smsMessage.update({ where: { id: messageId }, data: { sid, status: 'undelivered', errorCode: 30003 } });
      await recordAccepted(db, messageId, sid, new Date());
      const recorded = await row(messageId);
      expect(recorded).toMatchObject({ sid, status: 'undelivered', errorCode: 30003 });
      expect(recorded.sentAt).toBeInstanceOf(Date);
    });
  });
});
