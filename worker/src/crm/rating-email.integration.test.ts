import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { TEST_SENDER_DOMAIN, smtpUrlOf, useMailEmulator } from '@app/emulators/mail/test-emulator';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { createLogger } from '@app/runtime/logger';
import { STAGE } from '@app/shared/deal-stages';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { TEST_OTP_SECRET } from '../../../test/portal-app';
import { EMAIL_SKIP_REASONS, emailSendJob } from '../email/email-send';
import { createMailTransport, type MailTransport } from '../email/mail-transport';
import { smsSendJob } from '../jobs/sms-send';
import { createTwilioClient } from '../sms/twilio-client';
import { applyDeals, type MirroredDeal } from './mirror-repository';
import { DEFAULT_NOTICE_POLICY } from './notice-rules';

const log = createLogger({ service: 'rating-email-test', level: 'silent', format: 'json' });
const SID = 'AC0123456789abcdef0123456789abcd44';
const TOKEN = 'rating-email-test-token';
/** Our texting number: the rating e-mail asks the customer to text the rating to it. */
const FROM = '+14045550142';
const DAY = 86_400_000;
const company = { name: 'Atlanta Home Cleaning', phone: '(404) 555-0100', address: '12 Peachtree St NE, Atlanta, GA 30303', email: `hello@${TEST_SENDER_DOMAIN}`, websiteUrl: 'https://www.cleaning.example' };

// Tuesday 8 December 2026, 9 AM Eastern: the cleaning; closed out at 4:30 PM; asked at 10 AM the next day.
const CLEANING = new Date('2026-12-08T14:00:00Z');
const CLOSED_OUT = new Date('2026-12-08T21:30:00Z');
const NEXT_MORNING = new Date('2026-12-09T15:00:00Z');

/**
 * The rating request by e-mail (docs/conversations.md#ratings): planned with its text, as one
 * notice, and delivered by the email.send job to the mail emulator, once per address in 30 days.
 */
describe('rating requests by e-mail', () => {
  const mail = useMailEmulator();
  let db: Db;
  let twilio: TwilioEmulator;
  let transport: MailTransport | undefined;
  const ownerHubspotId = `owner-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, deliveryStepMs: 10 });
    await db.owner.create({ data: { hubspotId: ownerHubspotId, email: `aisha.${ownerHubspotId}@example.com`, firstName: 'Aisha', lastName: 'Cleaner' } });
  });
  afterAll(async () => {
    transport?.close();
    await twilio.close();
    await db.$disconnect();
  });

  const newPhone = () => `+1404${String((randomBytes(4).readUInt32BE() % 9_000_000) + 1_000_000)}`;
  const newEmail = () => `rated.${randomBytes(4).toString('hex')}@example.com`;

  /** A booked deal of the customer with `phone` and `email`, and the HubSpot versions of it the pull would mirror. */
  async function bookedDeal(phone = newPhone(), email = newEmail()) {
    const booking = await insertBooking(db, { submittedPhone: phone, email });
    await db.contact.update({ where: { id: booking.contactId }, data: { phone } });
    const hubspotId = `hs-${randomBytes(4).toString('hex')}`;
    let modified = Date.parse('2026-12-01T12:00:00Z');
    const version = (stageId: string, visitOutcome: string | null = null): MirroredDeal => ({
      hubspotId, appRequestId: booking.dealId, name: 'Deep Clean for Pat Customer', stageId, scheduledAt: CLEANING, durationMinutes: 120, visitOutcome, amountCents: 34_900,
      ownerHubspotId, serviceType: null, serviceAddress: null, skus: [], contactHubspotId: null, modifiedAt: new Date((modified += 1_000)), mergedHubspotIds: [],
    });
    const emails = () => db.emailMessage.findMany({ where: { dealId: booking.dealId, purpose: 'rating_request' } });
    const rating = () => db.cleaningRating.findUnique({ where: { dealId: booking.dealId } });
    return { ...booking, phone, version, emails, rating };
  }

  /** Scheduled (seen before: the first sight of a deal texts nothing), then closed out as done. */
  async function closeOut(deal: Awaited<ReturnType<typeof bookedDeal>>, policy = DEFAULT_NOTICE_POLICY) {
    await applyDeals(db, [deal.version(STAGE.CLEANING_SCHEDULED)], { now: new Date(CLEANING.getTime() - 2 * DAY), policy });
    return applyDeals(db, [deal.version(STAGE.CLEANING_DONE, 'done')], { now: CLOSED_OUT, policy });
  }

  const emailJob = (now: Date) => {
    transport ??= createMailTransport({ smtpUrl: smtpUrlOf(mail()), verifyTls: false, timeoutMs: 5_000 });
    const job = emailSendJob({
      db, transport, from: `Atlanta Home Cleaning <hello@${TEST_SENDER_DOMAIN}>`, company, publicUrl: 'https://www.cleaning.example',
      portalUrl: 'https://www.cleaning.example/login', otpSecret: TEST_OTP_SECRET, textTo: FROM, now: () => now,
    });
    return (emailId: string) => job.process({ emailId }, { log, jobId: emailId, attempt: 1 });
  };
  const textJob = (now: Date) => {
    const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, baseUrl: twilio.url, timeoutMs: 2_000 });
    const job = smsSendJob({ db, twilio: client, from: FROM, otpSecret: TEST_OTP_SECRET, portalUrl: 'https://www.cleaning.example/login', now: () => now });
    return (messageId: string) => job.process({ messageId, subject: { scheduledAt: CLEANING.toISOString() } }, { log, jobId: `test-${messageId}`, attempt: 1 });
  };

  it('plans one notice with its text and its e-mail, due the next morning; the e-mail says how to rate and asks the cleaning from then', async () => {
    const deal = await bookedDeal();
    expect(await closeOut(deal)).toMatchObject({ notices: 1 });
    const notices = await db.customerNotice.findMany({ where: { dealId: deal.dealId, kind: 'rating_request' }, include: { texts: true, emails: true } });
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice).toMatchObject({ kind: 'rating_request', dedupeKey: `rating_request:${deal.dealId}:${CLEANING.toISOString()}`, subject: { scheduledAt: CLEANING.toISOString() } });
    expect(notice!.texts).toEqual([expect.objectContaining({ purpose: 'rating_request', to: deal.phone, status: 'queued' })]);
    expect(notice!.emails).toEqual([expect.objectContaining({ purpose: 'rating_request', to: deal.email, status: 'queued' })]);
    expect(await deal.rating()).toMatchObject({ smsMessageId: notice!.texts[0]!.id, requestedAt: null, emailedAt: null });
    const email = notice!.emails[0]!;
    const event = await db.outboxEvent.findFirstOrThrow({ where: { type: 'email.send', aggregateId: email.id } });
    expect(event).toMatchObject({ payload: { emailId: email.id }, availableAt: NEXT_MORNING });

    // A re-read of the close-out plans nothing more.
    await applyDeals(db, [deal.version(STAGE.CLEANING_DONE, 'done')], { now: CLOSED_OUT });
    expect(await deal.emails()).toHaveLength(1);

    const send = emailJob(NEXT_MORNING);
    expect(await send(email.id)).toEqual({ sent: true });
    expect(await send(email.id)).toEqual({ skipped: 'not_queued' });
    const [received] = mail().messages({ to: deal.email });
    expect(received).toMatchObject({ subject: 'How did your Atlanta Home Cleaning cleaning go?', messageId: `<${email.id}@${TEST_SENDER_DOMAIN}>`, copies: 1 });
    const reference = (await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).reference;
    expect(received!.text).toContain(`How did we do on ${reference}?`);
    expect(received!.text).toContain('Text us a rating from 1 (poor) to 5 (great) at (404) 555-0142: just the number, like 5.');
    expect(received!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The text back counts from now (the api reads emailed_at); the text's own state is untouched.
    expect(await deal.rating()).toMatchObject({ emailedAt: NEXT_MORNING, requestedAt: null });
    expect(await db.smsMessage.findUniqueOrThrow({ where: { id: notice!.texts[0]!.id } })).toMatchObject({ status: 'queued' });
  });

  it('e-mails the customer whose texts do not go, and none when the phone opted out, had a request in 30 days, or rating requests are off', async () => {
    const optedOut = await bookedDeal();
    await db.smsOptOut.create({ data: { phone: optedOut.phone, source: 'keyword', keyword: 'STOP' } });
    await closeOut(optedOut);
    expect(await optedOut.emails()).toEqual([]);

    const phone = newPhone();
    await closeOut(await bookedDeal(phone));
    const sameWeek = await bookedDeal(phone);
    await closeOut(sameWeek);
    expect(await sameWeek.emails()).toEqual([]);

    const off = await bookedDeal();
    await closeOut(off, { ...DEFAULT_NOTICE_POLICY, off: new Set(['rating_request'] as const) });
    expect(await off.emails()).toEqual([]);

    // The booking left the text box unticked: the text ends not sent, the e-mail (no opt-in needed) goes.
    const unticked = await bookedDeal();
    const request = await db.bookingRequest.create({ data: { contactId: unticked.contactId, dealId: unticked.dealId, source: 'public_form', payload: {} }, select: { id: true } });
    await db.smsConsent.create({
      data: { form: 'booking', phone: unticked.phone, email: unticked.email, contactId: unticked.contactId, bookingRequestId: request.id, version: '2026-11-28', words: 'The words.', textsAgreed: false, agreedAt: CLEANING },
    });
    await closeOut(unticked);
    const text = await db.smsMessage.findFirstOrThrow({ where: { dealId: unticked.dealId, purpose: 'rating_request' } });
    expect(await textJob(NEXT_MORNING)(text.id)).toEqual({ skipped: 'not_agreed' });
    const [email] = await unticked.emails();
    expect(await emailJob(NEXT_MORNING)(email!.id)).toEqual({ sent: true });
    expect(mail().messages({ to: unticked.email })).toHaveLength(1);
    expect(await unticked.rating()).toMatchObject({ requestedAt: null, emailedAt: NEXT_MORNING });
  });

  it('e-mails an address at most once in 30 days: a waiting or sent one counts when planning, and again when sending', async () => {
    const address = newEmail();
    const first = await bookedDeal(newPhone(), address);
    await closeOut(first);
    // Another phone of the same address (a household's second number): its text, no second e-mail.
    const second = await bookedDeal(newPhone(), address);
    expect(await closeOut(second)).toMatchObject({ notices: 1 });
    expect(await db.smsMessage.count({ where: { dealId: second.dealId, purpose: 'rating_request' } })).toBe(1);
    expect(await second.emails()).toEqual([]);

    // One that went meanwhile (another office, written by hand) holds the waiting one back when it is due.
    const [waiting] = await first.emails();
    await db.emailMessage.create({ data: { id: randomUUID(), purpose: 'rating_request', to: address.toUpperCase(), status: 'sent', sentAt: new Date(NEXT_MORNING.getTime() - DAY) } });
    expect(await emailJob(NEXT_MORNING)(waiting!.id)).toEqual({ skipped: 'recent_rating' });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: waiting!.id } })).toMatchObject({ status: 'canceled', errorMessage: EMAIL_SKIP_REASONS.recent_rating });
    expect(mail().messages({ to: address })).toEqual([]);

    // 31 days after the last one went, the address is asked again.
    const later = await bookedDeal(newPhone(), newEmail());
    await db.emailMessage.create({ data: { id: randomUUID(), purpose: 'rating_request', to: later.email, status: 'sent', sentAt: new Date(CLOSED_OUT.getTime() - 31 * DAY) } });
    await closeOut(later);
    expect(await later.emails()).toEqual([expect.objectContaining({ to: later.email, status: 'queued' })]);
  });
});
