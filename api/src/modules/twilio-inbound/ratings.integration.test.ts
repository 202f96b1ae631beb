import { tipUrl } from '@app/runtime/tips/tip-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@app/runtime/logger';
import { COMPANY } from '@app/runtime/company';
import { twilioSignature } from '@app/emulators/twilio/signature';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { ratingApologySms, ratingThanksSms, reviewLinkOf } from '@app/shared/cleaning-rating';
import { conversationSchema } from '@app/shared/conversations';
import { STAGE } from '@app/shared/deal-stages';
import { TWILIO_INBOUND_PATH } from '@app/shared/routes';
import { requestsListSchema, todayBoardSchema } from '@app/shared/staff-board';
import { smsSendJob } from '@app/worker/jobs/sms-send';
import { createTwilioClient } from '@app/worker/sms/twilio-client';
import { freePort } from '../../../../dev/src/net';
import { createOwnTestDatabase } from '../../../../test/context';
import type { TestDatabase } from '../../../../test/database';
import { insertBooking } from '../../../../test/fixtures';
import { TEST_OTP_SECRET, TestBrowser, uniquePhone } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { listDeals } from '../portal/repository';
import { UNHAPPY_NOT_ANSWERED } from '../staff/requests/answer-repository';
import { RATING_HANDLED_BY } from './rating-repository';

const SID = 'AC0123456789abcdef0123456789abcd43';
const TOKEN = 'ratings-inbound-test-token';
const OUR_NUMBER = '+14045550123';
const DAY = 86_400_000;
const log = createLogger({ service: 'ratings-inbound-test', level: 'silent', format: 'json' });
// Wednesday 9 December 2026, Eastern (UTC-5): the office is open (no after-hours answer).
const eastern = (clock: string, date = '2026-12-09') => new Date(`${date}T${clock}:00-05:00`);

/**
 * Answers to "how did it go?" end to end: the customer texts the Twilio emulator's number, the
 * emulator posts it signed to the api's webhook; the worker's sms.send job sends our answer.
 */
describe('rating replies by text', () => {
  let database: TestDatabase;
  let api: StaffApi;
  let twilio: TwilioEmulator;
  let staff: TestBrowser;
  let webhookUrl: string;
  let send: ReturnType<typeof smsSendJob>;
  const owners: Record<'aisha' | 'james', string> = { aisha: '', james: '' };

  async function at(instant: Date): Promise<void> {
    api.clock.set(instant);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  }
  const board = async () => todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
  const thread = async (phone: string) => conversationSchema.parse(await (await staff.request(`/api/internal/admin/conversations?phone=${encodeURIComponent(phone)}`)).json());
  async function deliver(phone: string): Promise<string[]> {
    const queued = await api.db.smsMessage.findMany({ where: { to: phone, status: 'queued' }, select: { id: true } });
    for (const { id } of queued) await send.process({ messageId: id }, { log, jobId: `test-${id}`, attempt: 1 });
    return twilio.messages({ to: phone }).filter((m) => m.direction === 'outbound-api').map((m) => `${m.body} [${m.num_segments}]`);
  }

  /** A done cleaning whose rating request went to its customer's phone `daysAgo` days ago. */
  async function askedCleaning(daysAgo: number, owner: string | null) {
    const phone = uniquePhone();
    const booking = await insertBooking(api.db, { submittedPhone: phone });
    await api.db.contact.update({ where: { id: booking.contactId }, data: { phone } });
    await api.db.deal.update({
      where: { id: booking.dealId },
      data: { stageId: STAGE.CLEANING_DONE, visitOutcome: 'done', scheduledAt: new Date(api.clock.now().getTime() - (daysAgo + 1) * DAY), ownerId: owner, hubspotId: `hs-${booking.dealId}` },
    });
    const requestedAt = new Date(api.clock.now().getTime() - daysAgo * DAY);
    await api.db.cleaningRating.create({ data: { dealId: booking.dealId, phone, contactId: booking.contactId, ownerId: owner, requestedAt } });
    const rating = () => api.db.cleaningRating.findUniqueOrThrow({ where: { dealId: booking.dealId } });
    const tickets = () => api.db.ticket.findMany({ where: { dealId: booking.dealId } });
    return { ...booking, phone, rating, tickets };
  }

  beforeAll(async () => {
    // A database of its own: the board's ratings and lists count every row.
    database = await createOwnTestDatabase('ratings');
    const port = await freePort();
    webhookUrl = `http://127.0.0.1:${port}${TWILIO_INBOUND_PATH}`;
    api = await startStaffApi('ratings', eastern('10:00'), {}, { databaseUrl: database.url, port, twilioInbound: { authToken: TOKEN, webhookUrl }, smsReplyNumber: OUR_NUMBER });
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, deliveryStepMs: 10, phoneNumber: OUR_NUMBER, webhookUrl });
    const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, baseUrl: twilio.url, timeoutMs: 2_000 });
    send = smsSendJob({ db: api.db, twilio: client, from: OUR_NUMBER, otpSecret: TEST_OTP_SECRET, portalUrl: 'http://127.0.0.1:5173/login', now: api.clock.now });
    owners.aisha = (await api.db.owner.create({ data: { hubspotId: 'owner-aisha', firstName: 'Aisha', lastName: 'Cleaner', email: 'aisha@example.com' } })).id;
    owners.james = (await api.db.owner.create({ data: { hubspotId: 'owner-james', firstName: 'James', lastName: 'Cleaner', email: 'james@example.com' } })).id;
    await at(eastern('10:00'));
  });
  afterAll(async () => {
    await twilio?.close();
    await api?.close();
    await database?.drop();
  });

  it('keeps a 4 on the cleaning and thanks the customer with the review link, in one text; the reply waits for nobody', async () => {
    const cleaning = await askedCleaning(1, owners.aisha);
    const texted = await twilio.receive({ from: cleaning.phone, body: '4' });
    expect(texted.webhook).toEqual({ status: 200, error: null });
    expect(texted.replies).toEqual([]);

    const [kept] = await api.db.inboundText.findMany({ where: { fromPhone: cleaning.phone } });
    expect(await cleaning.rating()).toMatchObject({ rating: 4, ratedAt: eastern('10:00'), inboundTextId: kept!.id, ownerId: owners.aisha });
    expect(kept).toMatchObject({ body: '4', handledAt: eastern('10:00'), handledBy: RATING_HANDLED_BY });
    expect((await thread(cleaning.phone)).waitingSince).toBeNull();
    expect(await cleaning.tickets()).toEqual([]);

    const thanks = ratingThanksSms(COMPANY.name, reviewLinkOf(COMPANY));
    expect(thanks).toBe("Atlanta Home Cleaning: thank you, we're glad it went well! A short review helps us a lot: https://g.page/r/atlanta-home-cleaning/review");
    // Its cleaner can be tipped (done, a day ago): the thanks offers it, a second segment.
    const tip = `Thank Aisha with a tip: ${tipUrl('http://127.0.0.1:5173', TEST_OTP_SECRET, cleaning.dealId)}`;
    expect(await deliver(cleaning.phone)).toEqual([`${thanks} ${tip} [2]`]);
  });

  it('answers a 2 with an apology, opens an Unhappy Customer ticket on the deal, and puts it first on the board', async () => {
    const cleaning = await askedCleaning(2, owners.james);
    await twilio.receive({ from: cleaning.phone, body: 'two' });
    expect(await cleaning.rating()).toMatchObject({ rating: 2 });
    expect(await deliver(cleaning.phone)).toEqual([`${ratingApologySms(COMPANY.name)} [1]`]);

    const [ticket] = await cleaning.tickets();
    expect(ticket).toMatchObject({ category: 'UnhappyCustomer', contactId: cleaning.contactId, reason: 'Rated 2 out of 5 by text: "two"' });
    // Created in HubSpot by the job that creates change requests (its subject: "Unhappy with a cleaning: <deal name>").
    expect(await api.db.outboxEvent.findMany({ where: { type: 'crm.push-change-request', aggregateId: ticket!.id }, select: { payload: true } })).toEqual([
      { payload: { ticketId: ticket!.id } },
    ]);

    const today = await board();
    expect(today.unhappy).toMatchObject({ count: 1, items: [{ id: ticket!.id, kind: 'unhappy', deal: { id: cleaning.dealId }, reason: 'Rated 2 out of 5 by text: "two"', answerable: null }] });
    expect(today.openChanges.items.map((r) => r.id)).not.toContain(ticket!.id);

    const listed = requestsListSchema.parse(await (await staff.request('/api/internal/admin/requests?kind=unhappy')).json());
    expect(listed.items.map((r) => [r.kind, r.id])).toEqual([['unhappy', ticket!.id]]);
    // Nothing to approve or decline: staff call the customer and close the ticket in HubSpot.
    const answered = await staff.post(`/api/internal/admin/requests/${ticket!.id}/answer`, { answer: 'approve', seenModifiedAt: null });
    expect(answered.status).toBe(409);
    expect(await answered.json()).toMatchObject({ error: UNHAPPY_NOT_ANSWERED });
    // The office's own ticket: the customer's portal never shows it as a request of theirs.
    const shown = (await listDeals(api.db, cleaning.contactId)).find((d) => d.id === cleaning.dealId);
    expect(shown?.tickets).toEqual([]);
  });

  it('takes a reply more than 7 days after the request, a second reply, or more than a rating as a normal reply', async () => {
    const stale = await askedCleaning(8, owners.aisha);
    await twilio.receive({ from: stale.phone, body: '5' });
    expect(await stale.rating()).toMatchObject({ rating: null, ratedAt: null });
    expect((await thread(stale.phone)).waitingSince).toBe(eastern('10:00').toISOString());

    const rated = await askedCleaning(1, null);
    await twilio.receive({ from: rated.phone, body: '⭐⭐⭐⭐⭐' });
    api.clock.set(eastern('10:05'));
    await twilio.receive({ from: rated.phone, body: '1' });
    expect(await rated.rating()).toMatchObject({ rating: 5, ratedAt: eastern('10:00') });
    expect(await rated.tickets()).toEqual([]);
    expect((await thread(rated.phone)).waitingSince).toBe(eastern('10:05').toISOString());
    expect(await api.db.smsMessage.count({ where: { to: rated.phone, purpose: 'rating_reply' } })).toBe(1);

    const sentence = await askedCleaning(1, null);
    await twilio.receive({ from: sentence.phone, body: '4, but the oven was missed' });
    expect(await sentence.rating()).toMatchObject({ rating: null });
    expect((await thread(sentence.phone)).waitingSince).not.toBeNull();
  });

  it('rates once when Twilio posts the same message again (MessageSid)', async () => {
    api.clock.set(eastern('10:10'));
    const cleaning = await askedCleaning(1, null);
    const params = { AccountSid: SID, Body: '1', From: cleaning.phone, MessageSid: 'SM0123456789abcdef0123456789abcdef', To: OUR_NUMBER };
    const post = () =>
      fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, webhookUrl, params) },
        body: new URLSearchParams(params).toString(),
      });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expect(await api.db.inboundText.count({ where: { fromPhone: cleaning.phone } })).toBe(1);
    expect(await cleaning.rating()).toMatchObject({ rating: 1 });
    expect(await cleaning.tickets()).toHaveLength(1);
    expect(await api.db.smsMessage.count({ where: { to: cleaning.phone, purpose: 'rating_reply' } })).toBe(1);
  });

  it('shows the 30-day average and count on the board, overall and per cleaner at the time of the cleaning', async () => {
    // A rating from 40 days ago is left out; Aisha's second rating counts though the deal was reassigned since.
    const old = await askedCleaning(41, owners.james);
    await api.db.cleaningRating.update({ where: { dealId: old.dealId }, data: { rating: 1, ratedAt: new Date(api.clock.now().getTime() - 40 * DAY) } });
    const recent = await askedCleaning(3, owners.aisha);
    await twilio.receive({ from: recent.phone, body: '5 stars' });
    await api.db.deal.update({ where: { id: recent.dealId }, data: { ownerId: owners.james } });

    await at(eastern('10:15'));
    // This file's ratings in the last 30 days: Aisha 4 and 5, James 2, no cleaner 5 and 1.
    expect((await board()).ratings).toEqual({
      average: 3.4,
      count: 5,
      cleaners: [
        { id: owners.aisha, name: 'Aisha Cleaner', average: 4.5, count: 2 },
        { id: owners.james, name: 'James Cleaner', average: 2, count: 1 },
      ],
    });
  });

  it('counts a text back after the request went by e-mail only (no text consent), and answers it: the customer texted us', async () => {
    const cleaning = await askedCleaning(1, null);
    const request = await api.db.bookingRequest.create({ data: { contactId: cleaning.contactId, dealId: cleaning.dealId, source: 'public_form', payload: {} }, select: { id: true } });
    await api.db.smsConsent.create({
      data: { form: 'booking', phone: cleaning.phone, email: cleaning.email, contactId: cleaning.contactId, bookingRequestId: request.id, version: '2026-11-28', words: 'The words.', textsAgreed: false, agreedAt: new Date(api.clock.now().getTime() - 3 * DAY) },
    });
    await api.db.cleaningRating.update({ where: { dealId: cleaning.dealId }, data: { requestedAt: null, emailedAt: new Date(api.clock.now().getTime() - DAY) } });
    await twilio.receive({ from: cleaning.phone, body: '5' });
    expect(await cleaning.rating()).toMatchObject({ rating: 5 });
    expect(await deliver(cleaning.phone)).toEqual([`${ratingThanksSms(COMPANY.name, reviewLinkOf(COMPANY))} [1]`]);

    // Asked by neither channel yet (both waiting): a 4 is a normal reply.
    const waiting = await askedCleaning(1, null);
    await api.db.cleaningRating.update({ where: { dealId: waiting.dealId }, data: { requestedAt: null } });
    await twilio.receive({ from: waiting.phone, body: '4' });
    expect(await waiting.rating()).toMatchObject({ rating: null });
  });
});
