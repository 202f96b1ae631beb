import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { TEST_SENDER_DOMAIN, smtpUrlOf, useMailEmulator } from '@app/emulators/mail/test-emulator';
import { createLogger } from '@app/runtime/logger';
import type { DealFacts } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import type { NoticeKind } from '@app/shared/notice-channels';
import { quoteSchema, sentQuote } from '@app/shared/quote';
import { TICKET_STAGE_COMPLETED } from '@app/shared/request-answers';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { modifiedAtOf } from '../crm/modified-date';
import { crmApplyDealCommandJob, readDeal } from '../jobs/crm-apply-deal-command';
import { mirrorDealRecords } from '../jobs/crm-pull';
import { crmPushBookingJob } from '../jobs/crm-push-booking';
import { crmPushChangeRequestJob } from '../jobs/crm-push-change-request';
import { EMAIL_SKIP_REASONS, emailSendJob } from './email-send';
import { createMailTransport, type MailTransport } from './mail-transport';

const log = createLogger({ service: 'quote-cancel-email-test', level: 'silent', format: 'json' });
const context = { log, jobId: 'job', attempt: 1 };
const PUBLIC_URL = 'https://www.cleaning.example';
const company = { name: 'Atlanta Home Cleaning', phone: '(404) 555-0100', address: '12 Peachtree St NE, Atlanta, GA 30303', email: `hello@${TEST_SENDER_DOMAIN}`, websiteUrl: PUBLIC_URL };
/** Far enough ahead that nothing about it is past. */
const SCHEDULED = '2030-01-15T15:00:00.000Z';
/** $349 + $80, less 10% ($42.90), plus $25 for the stairs: $411.10. */
const QUOTE = sentQuote(quoteSchema.parse({ serviceType: 'Deep Clean', squareFootage: 1500, addOns: ['addon-oven'], firstBookingDiscount: true, adjustmentCents: 2_500, adjustmentReason: 'Three flights of stairs' }));

describe('quote and cancellation e-mails, from the change to the mailbox', () => {
  const mail = useMailEmulator();
  let db: Db;
  let crm: TestHubSpot;
  let gateway: HubSpotGateway;
  let transport: MailTransport | undefined;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    gateway = crm.gateway();
  });
  afterAll(async () => {
    transport?.close();
    await crm.emulator.close();
    await db.$disconnect();
  });

  const applyCommand = (commandId: string) => crmApplyDealCommandJob({ db, hubspot: gateway, account: crm.account }).process({ commandId }, context);
  const stageId = (stage: string) => crm.account.stages().dealStageId(stage);
  /** The email.send job, as the worker runs each row's event, against the mail emulator. */
  const send = (emailId: string) => {
    transport ??= createMailTransport({ smtpUrl: smtpUrlOf(mail()), verifyTls: false, timeoutMs: 5_000 });
    const job = emailSendJob({ db, transport, from: `${company.name} <hello@${TEST_SENDER_DOMAIN}>`, company, publicUrl: PUBLIC_URL, portalUrl: `${PUBLIC_URL}/login`, otpSecret: 'o'.repeat(32) });
    return job.process({ emailId }, { log, jobId: emailId, attempt: 1 });
  };
  /** A deal's notices of a kind, each with its e-mails and their email.send events. */
  async function noticesOf(dealId: string, kind: NoticeKind) {
    const notices = await db.customerNotice.findMany({ where: { dealId, kind }, include: { emails: true, texts: true }, orderBy: { createdAt: 'asc' } });
    const ids = notices.flatMap((n) => n.emails.map((e) => e.id));
    const events = await db.outboxEvent.findMany({ where: { type: 'email.send', aggregateId: { in: ids } } });
    return notices.map((n) => ({ ...n, events: events.filter((e) => n.emails.some((m) => m.id === e.aggregateId)) }));
  }
  /** Exactly one notice of the kind, with one e-mail, one event and no text: the e-mail's row. */
  async function theEmail(dealId: string, kind: NoticeKind) {
    const notices = await noticesOf(dealId, kind);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.texts).toEqual([]);
    expect(notice!.emails).toHaveLength(1);
    expect(notice!.events.map((e) => e.payload)).toEqual([{ emailId: notice!.emails[0]!.id }]);
    return notice!.emails[0]!;
  }

  /** A booking in HubSpot at `stage` (with a date for a scheduled one), mirrored as a pull leaves it. */
  async function dealInHubSpot(stage: string, scheduledAt: string | null = null) {
    const booking = await insertBooking(db, { email: `notice.${randomBytes(4).toString('hex')}@example.com`, skus: ['deep-1500', 'addon-oven'] });
    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, { ...context, jobId: booking.outboxId });
    const { hubspotId, reference } = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    await gateway.updateObject('deals', hubspotId!, { dealstage: stageId(stage), ...(scheduledAt && { scheduled_date: scheduledAt }) });
    const modifiedAt = await versionOf(hubspotId!);
    await db.deal.update({ where: { id: booking.dealId }, data: { stageId: stage, scheduledAt: scheduledAt && new Date(scheduledAt), hubspotUpdatedAt: modifiedAt } });
    return { dealId: booking.dealId, contactId: booking.contactId, email: booking.email, hubspotId: hubspotId!, reference, modifiedAt };
  }
  async function versionOf(hubspotId: string): Promise<Date> {
    const [record] = await gateway.readBatch('deals', [hubspotId], ['dealstage']);
    return new Date(modifiedAtOf('deals', record!)!);
  }

  /** What the api writes when the office acts on a deal (the command; its event is the job's payload). */
  function command(deal: { dealId: string; modifiedAt: Date }, kind: string, changes: object, seen: DealFacts) {
    return db.dealCommand.create({ data: { id: randomUUID(), dealId: deal.dealId, kind, changes, seen: { ...seen }, seenModifiedAt: deal.modifiedAt, staffEmail: 'office@cleaning.example' } });
  }
  const seenAt = (stage: string, scheduledAt: string | null = null): DealFacts => ({ stageId: stage, scheduledAt, ownerId: null, amountCents: 34_900, durationMinutes: null });
  const quote = (deal: { dealId: string; modifiedAt: Date }, seenStage: string) =>
    command(deal, 'quote', { stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: QUOTE.totalCents, quote: QUOTE }, seenAt(seenStage));

  describe('quote ready', () => {
    it('e-mails the quote once it is the customer\'s, once per quote, with the link to approve it in the portal', async () => {
      const deal = await dealInHubSpot(STAGE.CREATING_QUOTE);
      const cmd = await quote(deal, STAGE.CREATING_QUOTE);
      expect(await applyCommand(cmd.id)).toEqual({ outcome: 'applied' });
      const email = await theEmail(deal.dealId, 'quote_ready');
      expect(email).toMatchObject({ purpose: 'quote_ready', to: deal.email, dealId: deal.dealId, status: 'queued' });
      expect((await noticesOf(deal.dealId, 'quote_ready'))[0]).toMatchObject({ subject: { quoteId: cmd.id }, dedupeKey: `quote_ready:${deal.dealId}:${cmd.id}` });

      // A retry after HubSpot took it all (the worker died before settling), and one of the settled command: no second notice.
      await db.dealCommand.update({ where: { id: cmd.id }, data: { status: 'pending', settledAt: null } });
      expect(await applyCommand(cmd.id)).toEqual({ outcome: 'applied' });
      expect(await applyCommand(cmd.id)).toEqual({ outcome: 'settled' });
      expect((await theEmail(deal.dealId, 'quote_ready')).id).toBe(email.id);
      // E-mail only: no text about a quote.
      expect(await db.smsMessage.count({ where: { dealId: deal.dealId } })).toBe(0);

      expect(await send(email.id)).toEqual({ sent: true });
      const [received, ...others] = mail().messages({ to: deal.email });
      expect(others).toEqual([]);
      expect(received).toMatchObject({ subject: `Your quote for ${deal.reference} is ready`, messageId: `<${email.id}@${TEST_SENDER_DOMAIN}>`, copies: 1, unsubscribe: null });
      expect(received!.text).toContain(`Your quote for ${deal.reference} is $411.10.`);
      expect(received!.text).toContain(`${PUBLIC_URL}/portal#deal-${deal.dealId}`);
      expect(received!.html).toContain(`href="${PUBLIC_URL}/portal#deal-${deal.dealId}"`);
      expect(await db.emailMessage.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: 'sent', subject: received!.subject });
    });

    it('does not send a quote replaced or answered before its e-mail went', async () => {
      const deal = await dealInHubSpot(STAGE.CREATING_QUOTE);
      const first = await quote(deal, STAGE.CREATING_QUOTE);
      await applyCommand(first.id);
      const second = await quote({ dealId: deal.dealId, modifiedAt: await versionOf(deal.hubspotId) }, STAGE.AWAITING_QUOTE_APPROVAL);
      expect(await applyCommand(second.id)).toEqual({ outcome: 'applied' });
      const [stale, current] = await noticesOf(deal.dealId, 'quote_ready');
      expect([stale!.subject, current!.subject]).toEqual([{ quoteId: first.id }, { quoteId: second.id }]);

      expect(await send(stale!.emails[0]!.id)).toEqual({ skipped: 'stale' });
      expect(await db.emailMessage.findUniqueOrThrow({ where: { id: stale!.emails[0]!.id } })).toMatchObject({ status: 'canceled', errorMessage: EMAIL_SKIP_REASONS.stale });
      await db.quoteAnswer.create({ data: { dealId: deal.dealId, quoteCommandId: second.id, contactId: deal.contactId, answer: 'approved' } });
      expect(await send(current!.emails[0]!.id)).toEqual({ skipped: 'stale' });
      expect(mail().messages({ to: deal.email })).toEqual([]);
    });
  });

  describe('canceled', () => {
    /** The cancellation e-mail as the mailbox got it: its subject names the cleaning, its link the portal. */
    async function expectCanceledEmail(deal: { dealId: string; email: string; reference: string }) {
      const email = await theEmail(deal.dealId, 'canceled');
      expect(email).toMatchObject({ purpose: 'canceled', to: deal.email, status: 'queued' });
      expect(await send(email.id)).toEqual({ sent: true });
      const received = mail().messages({ to: deal.email }).filter((m) => m.subject === `Your cleaning ${deal.reference} is canceled`);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ messageId: `<${email.id}@${TEST_SENDER_DOMAIN}>`, copies: 1 });
      expect(received[0]!.text).toContain(`Your cleaning ${deal.reference} is canceled. If that is a surprise, call us at ${company.phone}.`);
      expect(received[0]!.text).toContain(`${PUBLIC_URL}/login`);
    }

    it('e-mails the customer once when the office cancels the cleaning', async () => {
      const deal = await dealInHubSpot(STAGE.CLEANING_SCHEDULED, SCHEDULED);
      const cmd = await command(deal, 'move', { stageId: STAGE.CANCELED }, seenAt(STAGE.CLEANING_SCHEDULED, SCHEDULED));
      expect(await applyCommand(cmd.id)).toEqual({ outcome: 'applied' });
      expect(await applyCommand(cmd.id)).toEqual({ outcome: 'settled' });
      // The next pull reads the canceled deal again: nothing more.
      await mirrorDealRecords({ db, hubspot: gateway, account: crm.account }, [(await readDeal(gateway, deal.hubspotId))!]);
      expect(await db.smsMessage.count({ where: { dealId: deal.dealId } })).toBe(0);
      await expectCanceledEmail(deal);
    });

    it('e-mails once when the office approves the customer\'s cancellation request, beside the answer', async () => {
      const deal = await dealInHubSpot(STAGE.CLEANING_SCHEDULED, SCHEDULED);
      const ticket = await db.ticket.create({ data: { dealId: deal.dealId, contactId: deal.contactId, category: 'CancellationRequest', reason: 'Moving away' } });
      await crmPushChangeRequestJob({ db, hubspot: gateway, account: crm.account }).process({ ticketId: ticket.id }, context);
      await db.ticket.update({ where: { id: ticket.id }, data: { pipelineStage: '1' } });
      const cmd = await command({ dealId: deal.dealId, modifiedAt: await versionOf(deal.hubspotId) }, 'request-answer', { ticketId: ticket.id, answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED, stageId: STAGE.CANCELED }, seenAt(STAGE.CLEANING_SCHEDULED, SCHEDULED));
      expect(await applyCommand(cmd.id)).toEqual({ outcome: 'applied' });
      expect(await applyCommand(cmd.id)).toEqual({ outcome: 'settled' });
      expect((await noticesOf(deal.dealId, 'request_answered')).map((n) => n.emails.length)).toEqual([1]);
      await expectCanceledEmail(deal);
    });

    it('e-mails once for a cancellation made in HubSpot, and not once the deal is live again', async () => {
      const deal = await dealInHubSpot(STAGE.CLEANING_SCHEDULED, SCHEDULED);
      const pull = async () => mirrorDealRecords({ db, hubspot: gateway, account: crm.account }, [(await readDeal(gateway, deal.hubspotId))!]);
      await gateway.updateObject('deals', deal.hubspotId, { dealstage: stageId(STAGE.CANCELED) });
      await pull();
      await pull();
      await expectCanceledEmail(deal);

      // Restored in HubSpot, then canceled again: a second cancellation, whose e-mail finds the deal live and stays unsent.
      await gateway.updateObject('deals', deal.hubspotId, { dealstage: stageId(STAGE.CLEANING_SCHEDULED) });
      await pull();
      await gateway.updateObject('deals', deal.hubspotId, { dealstage: stageId(STAGE.CANCELED) });
      await pull();
      const again = (await noticesOf(deal.dealId, 'canceled')).map((n) => n.emails[0]!);
      expect(again).toHaveLength(2);
      await gateway.updateObject('deals', deal.hubspotId, { dealstage: stageId(STAGE.CLEANING_SCHEDULED) });
      await pull();
      expect(await send(again[1]!.id)).toEqual({ skipped: 'stale' });
      expect(mail().messages({ to: deal.email })).toHaveLength(1);
    });
  });
});
