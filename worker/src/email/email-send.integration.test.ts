import { randomBytes } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { createLogger } from '@app/runtime/logger';
import { TEST_SENDER_DOMAIN, smtpUrlOf, useMailEmulator } from '@app/emulators/mail/test-emulator';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { applyDeals, type MirroredDeal } from '../crm/mirror-repository';
import { DEFAULT_NOTICE_POLICY } from '../crm/notice-rules';
import { ProviderUnavailableError } from '../jobs/job-errors';
import { EMAIL_SKIP_REASONS, emailSendJob } from './email-send';
import { createMailTransport, type MailTransport } from './mail-transport';

// Monday 30 November 2026, 10 AM Eastern; the cleaning is on Thursday 3 December at 9 AM.
const NOW = new Date('2026-11-30T15:00:00Z');
const THURSDAY = new Date('2026-12-03T14:00:00Z');
const FRIDAY = new Date('2026-12-04T15:00:00Z');
const company = { name: 'Atlanta Home Cleaning', phone: '(404) 555-0100', address: '12 Peachtree St NE, Atlanta, GA 30303', email: `hello@${TEST_SENDER_DOMAIN}`, websiteUrl: 'https://www.cleaning.example' };
const log = createLogger({ service: 'test', level: 'silent', format: 'json' });

describe('e-mail notices, from a change in the mirror to the mailbox', () => {
  const mail = useMailEmulator();
  let db: Db;
  let transport: MailTransport;
  beforeAll(() => {
    db = createPrismaClient(testDatabaseUrl());
  });
  afterAll(async () => {
    transport?.close();
    await db.$disconnect();
  });

  const job = (from = `Atlanta Home Cleaning <hello@${TEST_SENDER_DOMAIN}>`) => {
    transport ??= createMailTransport({ smtpUrl: smtpUrlOf(mail()), verifyTls: false, timeoutMs: 5_000 });
    return emailSendJob({ db, transport, from, company, publicUrl: 'https://www.cleaning.example', portalUrl: 'https://www.cleaning.example/login', otpSecret: 'o'.repeat(32), now: () => NOW });
  };
  const run = (emailId: string, from?: string) => job(from).process({ emailId }, { log, jobId: emailId, attempt: 1 });

  /** A booking whose customer left the text box unticked: no phone to text, an e-mail to write to. */
  async function bookedDeal() {
    const booking = await insertBooking(db);
    await db.contact.update({ where: { id: booking.contactId }, data: { phone: null } });
    await db.deal.update({ where: { id: booking.dealId }, data: { submittedPhone: null } });
    const hubspotId = `hs-${randomBytes(4).toString('hex')}`;
    let modified = Date.parse('2026-11-30T12:00:00Z');
    const change = (scheduledAt: Date): MirroredDeal => ({
      hubspotId, appRequestId: booking.dealId, name: null, stageId: STAGE.CLEANING_SCHEDULED, scheduledAt, durationMinutes: null, visitOutcome: null, amountCents: null, ownerHubspotId: null,
      serviceType: null, serviceAddress: null, skus: [], contactHubspotId: null, modifiedAt: new Date((modified += 1_000)), mergedHubspotIds: [],
    });
    const emails = () => db.emailMessage.findMany({ where: { dealId: booking.dealId }, orderBy: [{ createdAt: 'asc' }, { purpose: 'asc' }] });
    return { ...booking, change, emails };
  }

  it('e-mails a customer without text consent their confirmation, once, and keeps the reminder for the day before', async () => {
    const deal = await bookedDeal();
    expect(await applyDeals(db, [deal.change(THURSDAY)], { now: NOW, policy: DEFAULT_NOTICE_POLICY })).toMatchObject({ notices: 1 });
    expect(await db.smsMessage.count({ where: { dealId: deal.dealId } })).toBe(0);
    const [confirmed, reminder] = await deal.emails();
    expect(confirmed).toMatchObject({ purpose: 'cleaning_confirmed', to: deal.email, status: 'queued' });
    expect(reminder).toMatchObject({ purpose: 'reminder', to: deal.email, status: 'queued' });
    const events = await db.outboxEvent.findMany({ where: { aggregateType: 'email_message', aggregateId: { in: [confirmed!.id, reminder!.id] } } });
    expect(events.find((e) => e.aggregateId === confirmed!.id)).toMatchObject({ type: 'email.send', payload: { emailId: confirmed!.id }, availableAt: NOW });
    expect(events.find((e) => e.aggregateId === reminder!.id)?.availableAt).toEqual(new Date(THURSDAY.getTime() - 24 * 3_600_000));

    await run(confirmed!.id);
    await run(confirmed!.id); // a second dispatch of the same event sends nothing
    const [received] = mail().messages({ to: deal.email });
    expect(received).toMatchObject({ subject: 'Your cleaning is confirmed for Thu, Dec 3 at 9:00 AM ET', messageId: `<${confirmed!.id}@${TEST_SENDER_DOMAIN}>`, copies: 1, unsubscribe: null });
    expect(received!.text).toContain('https://www.cleaning.example/login');
    expect(await db.emailMessage.findUnique({ where: { id: confirmed!.id } })).toMatchObject({ status: 'sent', subject: received!.subject, providerResponse: expect.stringMatching(/^250 /) });

    // The reminder carries the one-click unsubscribe Gmail and Yahoo ask for.
    await run(reminder!.id);
    const remind = mail().messages({ to: deal.email }).find((m) => m.subject.startsWith('Reminder'));
    expect(remind?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(remind?.headers['list-unsubscribe']).toMatch(/^<https:\/\/www\.cleaning\.example\/api\/email\/unsubscribe\?a=/);
  });

  it('drops what changed before it went, and what the address stopped, saying why', async () => {
    const deal = await bookedDeal();
    await applyDeals(db, [deal.change(THURSDAY)], { now: NOW });
    await applyDeals(db, [deal.change(FRIDAY)], { now: NOW });
    const [thursday, thursdayReminder, friday, fridayReminder] = await deal.emails();
    expect(await run(thursday!.id)).toEqual({ skipped: 'stale' });
    expect(await db.emailMessage.findUnique({ where: { id: thursday!.id } })).toMatchObject({ status: 'canceled', errorMessage: EMAIL_SKIP_REASONS.stale });
    expect(thursdayReminder?.purpose).toBe('reminder');

    await db.emailSuppression.create({ data: { address: deal.email.toLowerCase(), unsubscribedAt: NOW } });
    expect(await run(fridayReminder!.id)).toEqual({ skipped: 'unsubscribed' });
    // An unsubscribe stops reminders and rating requests only: the move still goes.
    expect(await run(friday!.id)).toEqual({ sent: true });
    await db.emailSuppression.update({ where: { address: deal.email.toLowerCase() }, data: { bouncedAt: NOW, reason: '550 5.1.1 no such user' } });
    await db.emailMessage.update({ where: { id: friday!.id }, data: { status: 'queued' } });
    expect(await run(friday!.id)).toEqual({ skipped: 'bounced' });
    const subjects = mail().messages({ to: deal.email }).map((m) => m.subject);
    expect(subjects).toEqual([expect.stringMatching(/^Your cleaning \S+ has moved to Fri, Dec 4 at 10:00 AM ET$/)]);
  });

  it('retries what the provider could not take now, and ends failed what it refuses for good', async () => {
    const deal = await bookedDeal();
    await applyDeals(db, [deal.change(THURSDAY)], { now: NOW });
    const [confirmed] = await deal.emails();
    mail().addFault({ kind: 'temporary-failure' });
    await expect(run(confirmed!.id)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await db.emailMessage.findUnique({ where: { id: confirmed!.id } })).toMatchObject({ status: 'queued' });
    // The answer lost after the provider took it: the retry carries the same Message-ID.
    mail().addFault({ kind: 'lost-answer' });
    await expect(run(confirmed!.id)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await run(confirmed!.id);
    expect(mail().messages({ to: deal.email })).toEqual([expect.objectContaining({ copies: 2, messageId: `<${confirmed!.id}@${TEST_SENDER_DOMAIN}>` })]);

    const [, reminder] = await deal.emails();
    await expect(run(reminder!.id, 'Someone <hello@unverified.example>')).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await db.emailMessage.findUnique({ where: { id: reminder!.id } })).toMatchObject({ status: 'failed', errorCode: 554 });
  });
});
