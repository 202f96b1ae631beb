import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import type { DealFacts } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { TICKET_STAGE_COMPLETED, TICKET_STAGE_DECLINED, type RequestAnswerChanges } from '@app/shared/request-answers';
import { createLogger } from '@app/runtime/logger';
import { testDatabaseUrl } from '../../../../test/context';
import { insertBooking } from '../../../../test/fixtures';
import { LOADED_MACHINE_SEARCH_LIMIT, startSetUpHubSpot, type TestHubSpot } from '../../../../test/hubspot-account';
import type { HubSpotGateway } from '../../crm/hubspot-gateway';
import { modifiedAtOf } from '../../crm/modified-date';
import { crmApplyDealCommandJob } from '../crm-apply-deal-command';
import { crmPushBookingJob } from '../crm-push-booking';
import { crmPushChangeRequestJob } from '../crm-push-change-request';
import { answerNote } from './request-answer';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { COMPANY } from '@app/runtime/company';
import { requestAnsweredSms } from '@app/shared/customer-messages';
import { formatUsPhone } from '@app/shared/phone';
import { TEST_OTP_SECRET, uniquePhone } from '../../../../test/portal-app';
import { createTwilioClient } from '../../sms/twilio-client';
import { smsSendJob } from '../sms-send';

const log = createLogger({ service: 'request-answer-test', level: 'silent', format: 'json' });
const context = { log, jobId: 'job', attempt: 1 };
/** Far enough ahead that the customer's texts about it are due. */
const SCHEDULED = '2030-01-15T15:00:00.000Z';
const NEW_START = '2030-01-18T14:00:00.000Z';
const TWILIO_SID = 'AC0123456789abcdef0123456789abcdef';
const PORTAL_URL = 'http://127.0.0.1:5173/login';

describe('crm.apply-deal-command: answering a change or cancel request, against the HubSpot emulator', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;
  let twilio: TwilioEmulator;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    // Not a test of HubSpot's limits (crm-sweep and hubspot-budget are): room for a loaded machine.
    crm = await startSetUpHubSpot({ rateLimit: { max: 1_000, intervalMs: 10_000 }, searchRateLimit: LOADED_MACHINE_SEARCH_LIMIT });
    hubspot = crm.emulator;
    gateway = crm.gateway();
    twilio = await startTwilioEmulator({ port: 0, accountSid: TWILIO_SID, authToken: 'answer-test-token', deliveryStepMs: 20 });
  });
  afterAll(async () => {
    await twilio.close();
    await hubspot.close();
    await db.$disconnect();
  });

  /**
   * The customer's "request answered" text as the worker sends it: the row and sms.send event the
   * mirror wrote with the answer, run by the sms.send job against the Twilio emulator. Returns
   * the words the phone got.
   */
  async function answerTextSent(dealId: string): Promise<string[]> {
    const row = await db.smsMessage.findFirstOrThrow({ where: { dealId, purpose: 'request_answered' } });
    const event = await db.outboxEvent.findFirstOrThrow({ where: { type: 'sms.send', aggregateId: row.id } });
    const client = createTwilioClient({ accountSid: TWILIO_SID, authToken: 'answer-test-token', baseUrl: twilio.url, timeoutMs: 2_000 });
    const send = smsSendJob({ db, twilio: client, from: '+15555550100', portalUrl: PORTAL_URL, otpSecret: TEST_OTP_SECRET, statusCallbackUrl: 'http://127.0.0.1:1/api/twilio/status' });
    await send.process(event.payload as never, { ...context, jobId: event.id });
    return twilio.messages({ to: row.to }).map((m) => m.body);
  }
  const textCtx = { company: COMPANY.name, phone: formatUsPhone(COMPANY.phone), portalUrl: 'http://127.0.0.1:5173/login' };

  const job = () => crmApplyDealCommandJob({ db, hubspot: gateway, account: crm.account });
  const remote = (type: 'deals' | 'tickets', hubspotId: string) => hubspot.objects(type).find((o) => o.id === hubspotId)!.properties;
  const stages = () => crm.account.stages();
  // Requests after a mark, counted in the log rather than timed: a request just before may carry the same millisecond.
  const mark = () => hubspot.requests().length;
  const after = (since: number) => hubspot.requests().slice(since);
  const patches = (since: number) => after(since).filter((r) => r.method === 'PATCH');
  const textsOf = async (dealId: string) => (await db.smsMessage.findMany({ where: { dealId }, select: { purpose: true } })).map((t) => t.purpose).sort();
  const notesOn = (dealHubspotId: string) => hubspot.objects('notes').filter((n) => n.associations.deals?.includes(dealHubspotId));

  /** A scheduled cleaning (or one done, for a claim) in HubSpot with the customer's open request on it, mirrored as a pull leaves them. */
  async function requestInHubSpot(category: 'RescheduleRequest' | 'CancellationRequest' | 'RecleanClaim', stageId: string = STAGE.CLEANING_SCHEDULED) {
    const booking = await insertBooking(db, { email: `answer.${randomBytes(4).toString('hex')}@example.com` });
    // A phone of its own: the texts it gets are this test's alone.
    await db.contact.update({ where: { id: booking.contactId }, data: { phone: uniquePhone() } });
    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, { ...context, jobId: booking.outboxId });
    const { hubspotId } = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    await gateway.updateObject('deals', hubspotId!, { dealstage: stages().dealStageId(stageId), scheduled_date: SCHEDULED });
    const [record] = await gateway.readBatch('deals', [hubspotId!], ['dealstage']);
    const modifiedAt = new Date(modifiedAtOf('deals', record!)!);
    await db.deal.update({ where: { id: booking.dealId }, data: { stageId, scheduledAt: new Date(SCHEDULED), hubspotUpdatedAt: modifiedAt } });
    const ticket = await db.ticket.create({
      data: { dealId: booking.dealId, contactId: booking.contactId, category, reason: 'Out of town', changeType: category === 'RescheduleRequest' ? 'Reschedule to another day' : null },
    });
    await crmPushChangeRequestJob({ db, hubspot: gateway, account: crm.account }).process({ ticketId: ticket.id }, context);
    const { hubspotId: ticketHubspotId } = await db.ticket.update({ where: { id: ticket.id }, data: { pipelineStage: '1' } });
    return { dealId: booking.dealId, hubspotId: hubspotId!, modifiedAt, ticketId: ticket.id, ticketHubspotId: ticketHubspotId! };
  }

  const seen: DealFacts = { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: SCHEDULED, ownerId: null, amountCents: 34_900, durationMinutes: null };

  /** What the api writes when staff answer (the command; its outbox event is the job's payload). */
  async function answer(req: { dealId: string; modifiedAt: Date; ticketId: string }, changes: Omit<RequestAnswerChanges, 'ticketId'>, reason: string | null = null, saw: DealFacts = seen) {
    return db.dealCommand.create({
      data: { id: randomUUID(), dealId: req.dealId, kind: 'request-answer', changes: { ticketId: req.ticketId, ...changes }, seen: { ...saw }, seenModifiedAt: req.modifiedAt, reason, staffEmail: 'office@cleaning.example' },
    });
  }

  it('moves the date and completes the ticket in HubSpot, mirrors both with the customer texts, and notes it on the deal', async () => {
    const req = await requestInHubSpot('RescheduleRequest');
    const cmd = await answer(req, { answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED, scheduledAt: NEW_START });

    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    expect(Date.parse(remote('deals', req.hubspotId).scheduled_date!)).toBe(Date.parse(NEW_START));
    expect(remote('deals', req.hubspotId).dealstage).toBe(stages().dealStageId(STAGE.CLEANING_SCHEDULED));
    expect(remote('tickets', req.ticketHubspotId).hs_pipeline_stage).toBe(stages().ticketStageId(TICKET_STAGE_COMPLETED));
    expect((await db.deal.findUniqueOrThrow({ where: { id: req.dealId } })).scheduledAt).toEqual(new Date(NEW_START));
    expect(await db.ticket.findUniqueOrThrow({ where: { id: req.ticketId } })).toMatchObject({ pipelineStage: TICKET_STAGE_COMPLETED, declineReason: null });
    expect(await textsOf(req.dealId)).toEqual(expect.arrayContaining(['request_answered', 'rescheduled']));
    // The answer's text names the new day and time, so the customer need not sign in to learn it.
    const { reference } = await db.deal.findUniqueOrThrow({ where: { id: req.dealId }, select: { reference: true } });
    const words = await answerTextSent(req.dealId);
    expect(words).toEqual([requestAnsweredSms(textCtx, reference, 'change request', { kind: 'moved', scheduledAt: new Date(NEW_START) })]);
    expect(words[0]).toContain(`we've moved your cleaning ${reference} to Fri, Jan 18 at 9:00 AM ET, as you asked.`);

    const settled = await db.dealCommand.findUniqueOrThrow({ where: { id: cmd.id } });
    expect(settled).toMatchObject({ status: 'applied', conflict: null, error: null });
    const [note] = notesOn(req.hubspotId);
    expect(note?.id).toBe(settled.noteHubspotId);
    expect(note?.properties.hs_note_body).toBe(answerNote(cmd, { ticketId: req.ticketId, answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED, scheduledAt: NEW_START }, { category: 'RescheduleRequest' }));
    expect(note?.properties.hs_note_body).toMatch(/^Approved the customer's change request: moved to .+ by office@cleaning\.example in the staff workspace on .+\.$/);

    // A retry of the settled command changes nothing, notes nothing and texts nobody again.
    const texts = await textsOf(req.dealId);
    const since = mark();
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'settled' });
    expect(after(since)).toHaveLength(0);
    expect(await textsOf(req.dealId)).toEqual(texts);
  });

  it('cancels the deal and completes the ticket for an approved cancellation', async () => {
    const req = await requestInHubSpot('CancellationRequest');
    const cmd = await answer(req, { answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED, stageId: STAGE.CANCELED });
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    expect(remote('deals', req.hubspotId).dealstage).toBe(stages().dealStageId(STAGE.CANCELED));
    expect(remote('tickets', req.ticketHubspotId).hs_pipeline_stage).toBe(stages().ticketStageId(TICKET_STAGE_COMPLETED));
    expect((await db.deal.findUniqueOrThrow({ where: { id: req.dealId } })).stageId).toBe(STAGE.CANCELED);
    expect(notesOn(req.hubspotId).map((n) => n.properties.hs_note_body)).toEqual([expect.stringMatching(/^Approved the customer's cancellation request: canceled by /)]);
    const { reference } = await db.deal.findUniqueOrThrow({ where: { id: req.dealId }, select: { reference: true } });
    expect(await answerTextSent(req.dealId)).toEqual([`${COMPANY.name}: we've canceled your cleaning ${reference}, as you asked. Details: ${PORTAL_URL}`]);
  });

  it('declines: the ticket is declined in HubSpot, the deal untouched, the reason kept for the portal and the customer texted', async () => {
    const req = await requestInHubSpot('RescheduleRequest');
    const cmd = await answer(req, { answer: 'decline', ticketStage: TICKET_STAGE_DECLINED }, 'We are fully booked that week.');
    const since = mark();
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    expect(patches(since).map((r) => r.path)).toEqual([expect.stringContaining(`/tickets/${req.ticketHubspotId}`)]);
    expect(remote('tickets', req.ticketHubspotId).hs_pipeline_stage).toBe(stages().ticketStageId(TICKET_STAGE_DECLINED));
    expect(Date.parse(remote('deals', req.hubspotId).scheduled_date!)).toBe(Date.parse(SCHEDULED));
    expect(await db.ticket.findUniqueOrThrow({ where: { id: req.ticketId } })).toMatchObject({ pipelineStage: TICKET_STAGE_DECLINED, declineReason: 'We are fully booked that week.' });
    expect(await textsOf(req.dealId)).toEqual(['request_answered']);
    expect(notesOn(req.hubspotId).map((n) => n.properties.hs_note_body)).toEqual([expect.stringMatching(/^Declined the customer's change request by .+\. Reason: We are fully booked that week\.$/)]);
    // The text says it was declined and when the cleaning stays; the reason is in the portal.
    const { reference } = await db.deal.findUniqueOrThrow({ where: { id: req.dealId }, select: { reference: true } });
    expect(await answerTextSent(req.dealId)).toEqual([`${COMPANY.name}: we can't accept your change request for ${reference}: it stays Tue, Jan 15 at 10:00 AM ET. Why: ${PORTAL_URL}`]);
  });

  it('approves a re-clean claim: the ticket completed, the done cleaning untouched, the note kept for the portal', async () => {
    const req = await requestInHubSpot('RecleanClaim', STAGE.CLEANING_DONE);
    const cmd = await answer(req, { answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED }, 'We come back on Thursday at 10 AM.', { ...seen, stageId: STAGE.CLEANING_DONE });
    const since = mark();
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    expect(patches(since).map((r) => r.path)).toEqual([expect.stringContaining(`/tickets/${req.ticketHubspotId}`)]);
    expect(remote('tickets', req.ticketHubspotId).hs_pipeline_stage).toBe(stages().ticketStageId(TICKET_STAGE_COMPLETED));
    expect(remote('deals', req.hubspotId).dealstage).toBe(stages().dealStageId(STAGE.CLEANING_DONE));
    expect(await db.ticket.findUniqueOrThrow({ where: { id: req.ticketId } })).toMatchObject({
      category: 'RecleanClaim',
      pipelineStage: TICKET_STAGE_COMPLETED,
      approvalNote: 'We come back on Thursday at 10 AM.',
      declineReason: null,
    });
    expect(await textsOf(req.dealId)).toEqual(['request_answered']);
    expect(notesOn(req.hubspotId).map((n) => n.properties.hs_note_body)).toEqual([
      expect.stringMatching(/^Approved the customer's re-clean claim by .+\. Reason: We come back on Thursday at 10 AM\.$/),
    ]);
  });

  it('counts a retry after HubSpot took both updates as applied: no second update, one note, one text', async () => {
    const req = await requestInHubSpot('RescheduleRequest');
    const cmd = await answer(req, { answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED, scheduledAt: NEW_START });
    // The first attempt got both updates through, then lost its worker before settling.
    await gateway.updateObject('deals', req.hubspotId, { scheduled_date: NEW_START });
    await gateway.updateObject('tickets', req.ticketHubspotId, { hs_pipeline_stage: stages().ticketStageId(TICKET_STAGE_COMPLETED) });

    const since = mark();
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    expect(patches(since)).toHaveLength(0);
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'settled' });
    expect(notesOn(req.hubspotId)).toHaveLength(1);
    expect((await textsOf(req.dealId)).filter((t) => t === 'request_answered')).toHaveLength(1);
  });

  it('refuses an answer when HubSpot moved the deal since, saying what changed, and leaves the ticket open', async () => {
    const req = await requestInHubSpot('RescheduleRequest');
    const cmd = await answer(req, { answer: 'decline', ticketStage: TICKET_STAGE_DECLINED }, 'Fully booked');
    const elsewhere = '2030-01-16T15:00:00.000Z';
    await gateway.updateObject('deals', req.hubspotId, { scheduled_date: elsewhere });

    const since = mark();
    const result = await job().process({ commandId: cmd.id }, context);
    expect(result).toEqual({ outcome: 'conflict', conflict: [{ field: 'scheduledAt', saw: SCHEDULED, now: elsewhere }] });
    expect(patches(since)).toHaveLength(0);
    expect(remote('tickets', req.ticketHubspotId).hs_pipeline_stage).toBe(stages().ticketStageId('1'));
    expect((await db.deal.findUniqueOrThrow({ where: { id: req.dealId } })).scheduledAt).toEqual(new Date(elsewhere));
    expect(await db.dealCommand.findUniqueOrThrow({ where: { id: cmd.id } })).toMatchObject({ status: 'conflict', noteHubspotId: null });
    expect(await db.ticket.findUniqueOrThrow({ where: { id: req.ticketId } })).toMatchObject({ declineReason: null });
  });

  it('fails an answer to a request closed in HubSpot meanwhile, saying how, and changes nothing', async () => {
    const req = await requestInHubSpot('CancellationRequest');
    const cmd = await answer(req, { answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED, stageId: STAGE.CANCELED });
    await gateway.updateObject('tickets', req.ticketHubspotId, { hs_pipeline_stage: stages().ticketStageId(TICKET_STAGE_DECLINED) });

    const since = mark();
    const result = await job().process({ commandId: cmd.id }, context);
    expect(result).toEqual({ outcome: 'request-closed', error: 'The request was already closed in HubSpot (Request Declined).' });
    expect(patches(since)).toHaveLength(0);
    expect(remote('deals', req.hubspotId).dealstage).toBe(stages().dealStageId(STAGE.CLEANING_SCHEDULED));
    expect(await db.dealCommand.findUniqueOrThrow({ where: { id: cmd.id } })).toMatchObject({ status: 'failed', error: 'The request was already closed in HubSpot (Request Declined).', noteHubspotId: null });
    // The mirror takes HubSpot's answer: the request leaves the staff list.
    expect((await db.ticket.findUniqueOrThrow({ where: { id: req.ticketId } })).pipelineStage).toBe(TICKET_STAGE_DECLINED);
  });
});
