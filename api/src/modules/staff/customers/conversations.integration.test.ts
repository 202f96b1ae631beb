import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '@app/shared/api-error';
import { createLogger } from '@app/runtime/logger';
import { DEV_STAFF_IDENTITY } from '@app/emulators/oidc/provider';
import { twilioSignature } from '@app/emulators/twilio/signature';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { conversationSchema, STAFF_REPLY_ERRORS, type Conversation } from '@app/shared/conversations';
import { helpReplySms } from '@app/shared/customer-messages';
import { formatUsPhone } from '@app/shared/phone';
import { TWILIO_INBOUND_PATH } from '@app/shared/routes';
import { todayBoardSchema } from '@app/shared/staff-board';
import { COMPANY } from '@app/runtime/company';
import { smsSendJob } from '@app/worker/jobs/sms-send';
import { createTwilioClient } from '@app/worker/sms/twilio-client';
import { freePort } from '../../../../../dev/src/net';
import { createOwnTestDatabase } from '../../../../../test/context';
import type { TestDatabase } from '../../../../../test/database';
import { createCustomer, TEST_OTP_SECRET, TestBrowser, uniquePhone } from '../../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const SID = 'AC0123456789abcdef0123456789abcd35';
const TOKEN = 'conversations-test-token';
const OUR_NUMBER = '+14045550123';
const log = createLogger({ service: 'conversations-test', level: 'silent', format: 'json' });
// Wednesday 9 December 2026, Eastern (UTC-5): the demo office answers texts Monday to Saturday, 8 AM to 6 PM.
const eastern = (clock: string, date = '2026-12-09') => new Date(`${date}T${clock}:00-05:00`);

/**
 * Conversations by text end to end: a phone texts the Twilio emulator's number, the emulator posts
 * it signed to the api's webhook; staff read the thread and answer through the api; the worker's
 * sms.send job sends the answer through the emulator.
 */
describe('conversations by text', () => {
  let database: TestDatabase;
  let api: StaffApi;
  let twilio: TwilioEmulator;
  let staff: TestBrowser;
  let webhookUrl: string;
  let send: ReturnType<typeof smsSendJob>;

  /** Moves the clock, and signs staff in again (their session idles out after 15 minutes). */
  async function at(instant: Date): Promise<void> {
    api.clock.set(instant);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  }
  const thread = async (phone: string): Promise<Conversation> =>
    conversationSchema.parse(await (await staff.request(`/api/internal/admin/conversations?phone=${encodeURIComponent(phone)}`)).json());
  const board = async () => todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
  const reply = (phone: string, body: string) => staff.post('/api/internal/admin/conversations/replies', { phone, body });
  /** What the relay would do: run sms.send for each text to the phone still queued and due. */
  async function deliver(phone: string): Promise<void> {
    const queued = await api.db.smsMessage.findMany({ where: { to: phone, status: 'queued' }, select: { id: true } });
    for (const { id } of queued) await send.process({ messageId: id }, { log, jobId: `test-${id}`, attempt: 1 });
  }
  const answersTo = (phone: string) => api.db.smsMessage.findMany({ where: { to: phone, purpose: 'after_hours_reply' } });

  beforeAll(async () => {
    // A database of its own: the board lists every waiting conversation.
    database = await createOwnTestDatabase('conversations');
    const port = await freePort();
    webhookUrl = `http://127.0.0.1:${port}${TWILIO_INBOUND_PATH}`;
    api = await startStaffApi('conversations', eastern('10:00'), {}, { databaseUrl: database.url, port, twilioInbound: { authToken: TOKEN, webhookUrl }, smsReplyNumber: OUR_NUMBER });
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, deliveryStepMs: 10, phoneNumber: OUR_NUMBER, webhookUrl });
    const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, baseUrl: twilio.url, timeoutMs: 2_000 });
    send = smsSendJob({ db: api.db, twilio: client, from: OUR_NUMBER, otpSecret: TEST_OTP_SECRET, portalUrl: 'http://127.0.0.1:5173/login', now: api.clock.now });
    await at(eastern('10:00'));
  });
  afterAll(async () => {
    await twilio?.close();
    await api?.close();
    await database?.drop();
  });

  it('keeps a reply with its words on the customer, once when Twilio posts it again, and lists it as waiting', async () => {
    const customer = await createCustomer(api.db);
    const texted = await twilio.receive({ from: customer.phone, body: 'Can she come at 10 instead?' });
    expect(texted.webhook).toEqual({ status: 200, error: null });
    // During office hours nothing answers by itself: staff do.
    expect(texted.replies).toEqual([]);
    const kept = await api.db.inboundText.findMany({ where: { fromPhone: customer.phone } });
    expect(kept).toEqual([expect.objectContaining({ sid: texted.message.sid, body: 'Can she come at 10 instead?', keyword: null, contactId: customer.id, toPhone: OUR_NUMBER, receivedAt: eastern('10:00') })]);

    // Twilio retries a webhook it got no answer to: the same MessageSid is kept once.
    const params = { AccountSid: SID, Body: 'Can she come at 10 instead?', From: customer.phone, MessageSid: texted.message.sid, To: OUR_NUMBER };
    const again = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, webhookUrl, params) },
      body: new URLSearchParams(params).toString(),
    });
    expect(again.status).toBe(200);
    expect(await api.db.inboundText.count({ where: { fromPhone: customer.phone } })).toBe(1);
    // Due to be logged on the customer's HubSpot timeline (the worker logs it), once.
    const textId = kept[0]!.id;
    expect(await api.db.outboxEvent.findMany({ where: { type: 'crm.log-text-received', aggregateId: textId }, select: { payload: true } })).toEqual([{ payload: { inboundTextId: textId } }]);

    const conversation = await thread(customer.phone);
    expect(conversation).toMatchObject({ phone: customer.phone, customer: { id: customer.id, name: 'Pat Portal' }, waitingSince: eastern('10:00').toISOString(), reply: { allowed: true, reason: null }, earlier: 0 });
    expect(conversation.items).toEqual([expect.objectContaining({ direction: 'in', body: 'Can she come at 10 instead?', keyword: null, handledBy: null, inHubSpot: false })]);
    // Once the worker has logged it, the thread says so.
    await api.db.inboundText.update({ where: { id: textId }, data: { hubspotCommunicationId: `test-${textId}`, hubspotLogDueAt: null } });
    expect((await thread(customer.phone)).items).toEqual([expect.objectContaining({ direction: 'in', inHubSpot: true })]);

    await at(eastern('10:40'));
    const waiting = (await board()).conversations;
    expect(waiting).toEqual({ count: 1, items: [{ phone: customer.phone, customer: { id: customer.id, name: 'Pat Portal' }, since: eastern('10:00').toISOString(), texts: 1, latest: 'Can she come at 10 instead?' }] });
  });

  it('sends a staff reply through the outbox with who wrote it, shows it in the thread, and the customer stops waiting', async () => {
    await at(eastern('11:00'));
    const customer = await createCustomer(api.db);
    await twilio.receive({ from: customer.phone, body: 'gate code changed to 4512' });
    expect((await thread(customer.phone)).waitingSince).not.toBeNull();

    const answered = await reply(customer.phone, 'Thanks \u2013 we\u2019ve noted the new code.');
    expect(answered.status).toBe(201);
    const { item } = (await answered.json()) as { item: Record<string, unknown> };
    // Curly characters made plain: one GSM-7 segment.
    expect(item).toMatchObject({ direction: 'out', purpose: 'staff_reply', label: 'Reply', body: "Thanks - we've noted the new code.", status: 'queued', staffEmail: DEV_STAFF_IDENTITY.email, sendsAt: null });
    const [row] = await api.db.smsMessage.findMany({ where: { to: customer.phone, purpose: 'staff_reply' } });
    const event = await api.db.outboxEvent.findFirstOrThrow({ where: { type: 'sms.send', aggregateId: row!.id } });
    expect(event.payload).toEqual({ messageId: row!.id });
    expect(event.availableAt.getTime()).toBeLessThanOrEqual(Date.now());

    await deliver(customer.phone);
    const sent = twilio.messages({ to: customer.phone }).filter((m) => m.direction === 'outbound-api');
    expect(sent.map((m) => ({ body: m.body, segments: m.num_segments }))).toEqual([{ body: "Thanks - we've noted the new code.", segments: '1' }]);
    const after = await thread(customer.phone);
    expect(after.items.map((i) => [i.direction, i.body])).toEqual([
      ['in', 'gate code changed to 4512'],
      ['out', "Thanks - we've noted the new code."],
    ]);
    expect(after.items[1]).toMatchObject({ status: 'sent', staffEmail: DEV_STAFF_IDENTITY.email });
    expect(after.waitingSince).toBeNull();
    expect((await board()).conversations.items.map((c) => c.phone)).not.toContain(customer.phone);

    // "thank you!" needs no answer: staff say so, and it stops waiting; a newer text waits again.
    api.clock.set(eastern('11:05'));
    await twilio.receive({ from: customer.phone, body: 'thank you!' });
    const thanked = await thread(customer.phone);
    expect(thanked.waitingSince).toBe(eastern('11:05').toISOString());
    const through = thanked.items.at(-1)!.at;
    expect((await staff.post('/api/internal/admin/conversations/handled', { phone: customer.phone, through })).status).toBe(200);
    const handled = await thread(customer.phone);
    expect(handled.waitingSince).toBeNull();
    expect(handled.items.at(-1)).toMatchObject({ direction: 'in', body: 'thank you!', handledBy: DEV_STAFF_IDENTITY.email });
  });

  it('refuses a reply to a phone that replied STOP, with the reason on the field; the thread shows the STOP', async () => {
    await at(eastern('12:00'));
    const customer = await createCustomer(api.db);
    await twilio.receive({ from: customer.phone, body: 'STOP' });
    const conversation = await thread(customer.phone);
    expect(conversation.items).toEqual([expect.objectContaining({ direction: 'in', body: 'STOP', keyword: 'stop' })]);
    // A keyword never waits for an answer.
    expect(conversation.waitingSince).toBeNull();
    expect(conversation.reply).toEqual({ allowed: false, reason: STAFF_REPLY_ERRORS.optedOut });
    const refused = await reply(customer.phone, 'Sorry to see you go');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(apiErrorBody(STAFF_REPLY_ERRORS.optedOut, 'sms_opted_out', 'body'));
    expect(await api.db.smsMessage.count({ where: { to: customer.phone } })).toBe(0);

    const tooLong = await reply(customer.phone, 'x'.repeat(460));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ field: 'body', error: STAFF_REPLY_ERRORS.tooLong });
  });

  it('at night sends a reply at once to a customer in the conversation, and holds one to a quiet conversation until 8 AM', async () => {
    const live = await createCustomer(api.db);
    const quiet = await createCustomer(api.db);
    await at(eastern('10:00', '2026-12-07'));
    await twilio.receive({ from: quiet.phone, body: 'Do you clean ovens?' });
    await at(eastern('21:10'));
    await twilio.receive({ from: live.phone, body: 'Is tomorrow still on?' });
    await at(eastern('21:30'));

    const writing = Date.now();
    expect((await reply(live.phone, 'Yes, see you at 9.')).status).toBe(201);
    const written = Date.now();
    const held = await reply(quiet.phone, 'Yes, ovens are an add-on.');
    expect(((await held.json()) as { item: { sendsAt: string } }).item.sendsAt).toBe(eastern('08:00', '2026-12-10').toISOString());
    const due = async (phone: string) => {
      const [row] = await api.db.smsMessage.findMany({ where: { to: phone, purpose: 'staff_reply' } });
      return (await api.db.outboxEvent.findFirstOrThrow({ where: { aggregateId: row!.id } })).availableAt;
    };
    // Sent at once: its event holds no time of its own, so it is due from when it was written, by
    // the real clock that stamps the outbox (not the test's moved one, 21:30 on the 9th).
    const liveDue = (await due(live.phone)).getTime();
    expect(liveDue).toBeGreaterThanOrEqual(writing);
    expect(liveDue).toBeLessThanOrEqual(written);
    expect(await due(quiet.phone)).toEqual(eastern('08:00', '2026-12-10'));
    expect((await thread(quiet.phone)).items.at(-1)).toMatchObject({ status: 'queued', sendsAt: eastern('08:00', '2026-12-10').toISOString() });
  });

  it('answers a text after hours once per evening, in the company\'s words, an unknown number too; never a keyword or an opted-out phone', async () => {
    await at(eastern('21:40'));
    const stranger = uniquePhone();
    const first = await twilio.receive({ from: stranger, body: 'Hi, do you do move-out cleans?' });
    expect(first.webhook).toEqual({ status: 200, error: null });
    const strangers = await api.db.inboundText.findFirstOrThrow({ where: { fromPhone: stranger } });
    expect(strangers).toMatchObject({ contactId: null, hubspotLogDueAt: null });
    // No customer's timeline to log it on (docs/conversations.md#hubspot).
    expect(await api.db.outboxEvent.count({ where: { type: 'crm.log-text-received', aggregateId: strangers.id } })).toBe(0);
    expect(await answersTo(stranger)).toHaveLength(1);
    await at(eastern('22:15'));
    await twilio.receive({ from: stranger, body: 'For a 2 bedroom' });
    expect(await answersTo(stranger)).toHaveLength(1);

    await deliver(stranger);
    const words = 'Atlanta Home Cleaning: thanks for your text. Our office is closed now. We will reply tomorrow at 8 AM.';
    expect(twilio.messages({ to: stranger }).filter((m) => m.direction === 'outbound-api').map((m) => [m.body, m.num_segments])).toEqual([[words, '1']]);
    const conversation = await thread(stranger);
    expect(conversation.customer).toBeNull();
    expect(conversation.items.map((i) => [i.direction, i.body])).toEqual([
      ['in', 'Hi, do you do move-out cleans?'],
      ['out', words],
      ['in', 'For a 2 bedroom'],
    ]);
    // The automatic answer is no answer from staff: the stranger still waits, since the first text.
    expect(conversation.waitingSince).toBe(eastern('21:40').toISOString());
    expect((await board()).conversations.items).toContainEqual(expect.objectContaining({ phone: stranger, customer: null, texts: 2, latest: 'For a 2 bedroom' }));

    // HELP gets our help text, not the after-hours answer; an opted-out phone gets nothing.
    const helper = uniquePhone();
    const help = await twilio.receive({ from: helper, body: 'HELP' });
    expect(help.replies.map((r) => r.body)).toContain(helpReplySms({ company: COMPANY.name, phone: formatUsPhone(COMPANY.phone) }));
    expect(await answersTo(helper)).toHaveLength(0);
    const stopped = uniquePhone();
    await twilio.receive({ from: stopped, body: 'STOP' });
    await twilio.receive({ from: stopped, body: 'why did I get this?' });
    expect(await answersTo(stopped)).toHaveLength(0);

    // Next evening is another closed stretch: another answer.
    await at(eastern('19:00', '2026-12-10'));
    await twilio.receive({ from: stranger, body: 'Still interested' });
    expect(await answersTo(stranger)).toHaveLength(2);
  });

  it('sends no after-hours answer once staff have replied since closing, nor one that is still queued when the office opens', async () => {
    await at(eastern('19:30', '2026-12-10'));
    const customer = await createCustomer(api.db);
    await twilio.receive({ from: customer.phone, body: 'Running late?' });
    expect(await answersTo(customer.phone)).toHaveLength(1);
    // Its job runs only after 8 AM: the words would be wrong, so it is not sent.
    api.clock.set(eastern('08:05', '2026-12-11'));
    await deliver(customer.phone);
    expect((await answersTo(customer.phone))[0]).toMatchObject({ status: 'canceled', body: null });

    const other = await createCustomer(api.db);
    await at(eastern('19:00', '2026-12-11'));
    expect((await reply(other.phone, 'Your cleaner is on her way.')).status).toBe(201);
    await twilio.receive({ from: other.phone, body: 'Thanks!' });
    expect(await answersTo(other.phone)).toHaveLength(0);
  });

  it('refuses a reply, and sends no after-hours answer, once the text budget is spent', async () => {
    await at(eastern('20:00', '2026-12-11'));
    const customer = await createCustomer(api.db);
    // The api's default budget: 200 budgeted texts an hour.
    await api.db.smsMessage.createMany({ data: Array.from({ length: 200 }, () => ({ purpose: 'login_code' as const, to: uniquePhone(), createdAt: eastern('19:50', '2026-12-11') })) });
    await twilio.receive({ from: customer.phone, body: 'Hello?' });
    expect(await answersTo(customer.phone)).toHaveLength(0);
    const refused = await reply(customer.phone, 'Hello!');
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual(apiErrorBody(STAFF_REPLY_ERRORS.budget, 'sms_budget_spent', 'body'));
  });

  it('is for staff only', async () => {
    const anonymous = new TestBrowser(api.url);
    expect((await anonymous.request(`/api/internal/admin/conversations?phone=${encodeURIComponent(OUR_NUMBER)}`)).status).toBe(401);
    expect((await anonymous.post('/api/internal/admin/conversations/replies', { phone: OUR_NUMBER, body: 'x' })).status).toBe(401);
    expect((await anonymous.post('/api/internal/admin/conversations/handled', { phone: OUR_NUMBER, through: new Date().toISOString() })).status).toBe(401);
  });
});
