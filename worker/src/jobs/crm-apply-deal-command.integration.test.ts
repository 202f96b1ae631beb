import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import type { DealFacts } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, easternWallTimeToInstant } from '@app/shared/eastern-time';
import { createLogger } from '@app/runtime/logger';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { modifiedAtOf } from '../crm/modified-date';
import { commandNote, crmApplyDealCommandJob } from './crm-apply-deal-command';
import { crmPushBookingJob } from './crm-push-booking';
import { noticeText } from '../sms/customer-notice';

const log = createLogger({ service: 'apply-command-test', level: 'silent', format: 'json' });
const context = { log, jobId: 'job', attempt: 1 };

// The cleaning the tests schedule: two days ahead at 9 AM Eastern, so still to come whenever the
// suite runs (the customer's confirmation is only written for a cleaning ahead), by the real
// clock the job and the mirror read.
const CLEANING_DAY = addDays(easternToday(), 2);
const CLEANING_AT = (() => {
  const [year, month, day] = CLEANING_DAY.split('-').map(Number) as [number, number, number];
  return easternWallTimeToInstant(year, month, day, 9, 0).toISOString();
})();
/** The cleaning's day as a person writes it ('December 3, 2026'), for the note's wording. */
const CLEANING_DAY_WORDS = new Date(`${CLEANING_DAY}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

describe('crm.apply-deal-command against the HubSpot emulator', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;
  let cleaner: { id: string; hubspotId: string };

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    gateway = crm.gateway();
    const owner = hubspot.addOwner({ email: `maria.${randomBytes(3).toString('hex')}@cleaning.example`, firstName: 'Maria', lastName: 'Alvarez' });
    cleaner = await db.owner.create({ data: { hubspotId: owner.id, firstName: 'Maria', lastName: 'Alvarez', email: owner.email }, select: { id: true, hubspotId: true } });
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });

  const job = () => crmApplyDealCommandJob({ db, hubspot: gateway, account: crm.account });
  // Counted, not timed: a request just before may be logged in the same millisecond as a start time.
  const patches = () => hubspot.requests().filter((r) => r.method === 'PATCH').length;
  const remote = (hubspotId: string) => hubspot.objects('deals').find((d) => d.id === hubspotId)!.properties;

  /** A booking in HubSpot at `stage`, mirrored as a pull leaves it: what the staff page shows. */
  async function dealInHubSpot(stage: string) {
    const booking = await insertBooking(db, { email: `command.${randomBytes(4).toString('hex')}@example.com` });
    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, { ...context, jobId: booking.outboxId });
    const { hubspotId } = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    await gateway.updateObject('deals', hubspotId!, { dealstage: crm.account.stages().dealStageId(stage) });
    const [record] = await gateway.readBatch('deals', [hubspotId!], ['dealstage']);
    const modifiedAt = new Date(modifiedAtOf('deals', record!)!);
    await db.deal.update({ where: { id: booking.dealId }, data: { stageId: stage, hubspotUpdatedAt: modifiedAt } });
    return { dealId: booking.dealId, hubspotId: hubspotId!, modifiedAt };
  }

  /** What the api writes when staff act (the command; its outbox event is the job's payload). */
  async function command(deal: { dealId: string; modifiedAt: Date }, changes: Partial<DealFacts> & { stageId: string; outcome?: string }, seen: DealFacts, kind = 'move') {
    return db.dealCommand.create({
      data: { id: randomUUID(), dealId: deal.dealId, kind, changes, seen: { ...seen }, seenModifiedAt: deal.modifiedAt, staffEmail: 'office@cleaning.example' },
    });
  }

  const seenAt = (stageId: string): DealFacts => ({ stageId, scheduledAt: null, ownerId: null, amountCents: 34_900, durationMinutes: null });

  it('schedules the deal in HubSpot, mirrors it with the customer confirmation, and notes who did it', async () => {
    const deal = await dealInHubSpot(STAGE.SCHEDULING_IN_PROGRESS);
    const at = CLEANING_AT;
    const cmd = await command(deal, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at, ownerId: cleaner.id }, seenAt(STAGE.SCHEDULING_IN_PROGRESS));

    const before = patches();
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });

    expect(remote(deal.hubspotId)).toMatchObject({ dealstage: crm.account.stages().dealStageId(STAGE.CLEANING_SCHEDULED), hubspot_owner_id: cleaner.hubspotId });
    expect(Date.parse(remote(deal.hubspotId).scheduled_date!)).toBe(Date.parse(at));
    const mirrored = await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } });
    expect(mirrored).toMatchObject({ stageId: STAGE.CLEANING_SCHEDULED, ownerId: cleaner.id, scheduledAt: new Date(at) });
    const texts = await db.smsMessage.findMany({ where: { dealId: deal.dealId }, select: { purpose: true } });
    expect(texts.map((t) => t.purpose)).toContain('cleaning_confirmed');

    const settled = await db.dealCommand.findUniqueOrThrow({ where: { id: cmd.id } });
    expect(settled).toMatchObject({ status: 'applied', conflict: null });
    const note = hubspot.objects('notes').find((n) => n.id === settled.noteHubspotId);
    expect(note?.properties.hs_note_body).toBe(commandNote(cmd as never, 'Maria Alvarez'));
    expect(note?.properties.hs_note_body).toMatch(/^Moved to Cleaning Scheduled for .+ with Maria Alvarez by office@cleaning\.example in the staff workspace on .+\.$/);
    expect(patches() - before).toBe(1);

    // A retry of a settled command changes nothing.
    const requestsBefore = hubspot.requests().length;
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'settled' });
    expect(hubspot.requests()).toHaveLength(requestsBefore);
  });

  it('schedules with an expected duration, then closes the cleaning out as a no-show, both kept on the HubSpot deal', async () => {
    const deal = await dealInHubSpot(STAGE.SCHEDULING_IN_PROGRESS);
    const at = CLEANING_AT;
    const schedule = await command(deal, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at, ownerId: cleaner.id, durationMinutes: 150 }, seenAt(STAGE.SCHEDULING_IN_PROGRESS), 'schedule');
    expect(await job().process({ commandId: schedule.id }, context)).toEqual({ outcome: 'applied' });
    expect(remote(deal.hubspotId)).toMatchObject({ duration_minutes: '150', hubspot_owner_id: cleaner.hubspotId });
    const scheduled = await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } });
    expect(scheduled).toMatchObject({ stageId: STAGE.CLEANING_SCHEDULED, durationMinutes: 150 });
    const noteOf = async (commandId: string) => {
      const { noteHubspotId } = await db.dealCommand.findUniqueOrThrow({ where: { id: commandId } });
      return hubspot.objects('notes').find((n) => n.id === noteHubspotId)?.properties.hs_note_body;
    };
    expect(await noteOf(schedule.id)).toMatch(new RegExp(`^Scheduled as Cleaning Scheduled for ${CLEANING_DAY_WORDS} at 9:00 AM \\(2 h 30 min\\) with Maria Alvarez by office@cleaning\\.example`));

    const seen: DealFacts = { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at, ownerId: cleaner.id, amountCents: 34_900, durationMinutes: 150 };
    const closeOut = await command({ dealId: deal.dealId, modifiedAt: scheduled.hubspotUpdatedAt! }, { stageId: STAGE.CANCELED, outcome: 'no-show' }, seen, 'close-out');
    expect(await job().process({ commandId: closeOut.id }, context)).toEqual({ outcome: 'applied' });
    expect(remote(deal.hubspotId)).toMatchObject({ dealstage: crm.account.stages().dealStageId(STAGE.CANCELED), visit_outcome: 'no-show' });
    expect(await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).toMatchObject({ stageId: STAGE.CANCELED, visitOutcome: 'no-show' });
    expect(await noteOf(closeOut.id)).toMatch(/^Closed out as Canceled \(No-show\) by office@cleaning\.example/);
    // A no-show asks the customer for no rating.
    expect(await db.cleaningRating.findUnique({ where: { dealId: deal.dealId } })).toBeNull();
  });

  it('closes a cleaning out as done: the mirror writes its rating request, with the cleaner of the day', async () => {
    const deal = await dealInHubSpot(STAGE.SCHEDULING_IN_PROGRESS);
    const at = CLEANING_AT;
    const schedule = await command(deal, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at, ownerId: cleaner.id }, seenAt(STAGE.SCHEDULING_IN_PROGRESS), 'schedule');
    expect(await job().process({ commandId: schedule.id }, context)).toEqual({ outcome: 'applied' });
    const scheduled = await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } });
    const seen: DealFacts = { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at, ownerId: cleaner.id, amountCents: 34_900, durationMinutes: null };
    const closeOut = await command({ dealId: deal.dealId, modifiedAt: scheduled.hubspotUpdatedAt! }, { stageId: STAGE.CLEANING_DONE, outcome: 'done' }, seen, 'close-out');
    expect(await job().process({ commandId: closeOut.id }, context)).toEqual({ outcome: 'applied' });
    expect(remote(deal.hubspotId)).toMatchObject({ dealstage: crm.account.stages().dealStageId(STAGE.CLEANING_DONE), visit_outcome: 'done' });
    const rating = await db.cleaningRating.findUniqueOrThrow({ where: { dealId: deal.dealId }, include: { smsMessage: true } });
    expect(rating).toMatchObject({ ownerId: cleaner.id, rating: null, requestedAt: null, smsMessage: { purpose: 'rating_request', status: 'queued' } });
  });

  it('refuses a command whose deal HubSpot moved since the staff member looked, saying what changed', async () => {
    const deal = await dealInHubSpot(STAGE.CREATING_QUOTE);
    const cmd = await command(deal, { stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: 28_000 }, seenAt(STAGE.CREATING_QUOTE));
    // Someone canceled it in HubSpot meanwhile.
    await gateway.updateObject('deals', deal.hubspotId, { dealstage: crm.account.stages().dealStageId(STAGE.CANCELED) });

    const before = patches();
    const result = await job().process({ commandId: cmd.id }, context);
    expect(result).toEqual({ outcome: 'conflict', conflict: [{ field: 'stageId', saw: STAGE.CREATING_QUOTE, now: STAGE.CANCELED }] });
    expect(patches()).toBe(before);
    expect(remote(deal.hubspotId).amount).toBe('349.00');
    // The page shows HubSpot's state at once.
    expect((await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).stageId).toBe(STAGE.CANCELED);
    expect(await db.dealCommand.findUniqueOrThrow({ where: { id: cmd.id } })).toMatchObject({ status: 'conflict', noteHubspotId: null });
  });

  it('applies a command when HubSpot changed only what the staff member did not see', async () => {
    const deal = await dealInHubSpot(STAGE.CLEAN_REQUESTED);
    const cmd = await command(deal, { stageId: STAGE.PENDING_ESTIMATE_CALL }, seenAt(STAGE.CLEAN_REQUESTED));
    await gateway.updateObject('deals', deal.hubspotId, { dealname: 'Deep clean, gate code at the door' });

    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    expect(remote(deal.hubspotId)).toMatchObject({ dealname: 'Deep clean, gate code at the door', dealstage: crm.account.stages().dealStageId(STAGE.PENDING_ESTIMATE_CALL) });
  });

  it('counts a deal that already holds the change as applied (a retry after the update went through), without a second update', async () => {
    const deal = await dealInHubSpot(STAGE.CLEAN_REQUESTED);
    const cmd = await command(deal, { stageId: STAGE.CANCELED }, seenAt(STAGE.CLEAN_REQUESTED));
    await gateway.updateObject('deals', deal.hubspotId, { dealstage: crm.account.stages().dealStageId(STAGE.CANCELED) });

    const before = patches();
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    expect(patches()).toBe(before);
    expect((await db.dealCommand.findUniqueOrThrow({ where: { id: cmd.id } })).noteHubspotId).not.toBeNull();
  });

  it('waits while the deal is not in HubSpot yet, and fails a command on a deal HubSpot deleted', async () => {
    const booking = await insertBooking(db);
    const waiting = await command({ dealId: booking.dealId, modifiedAt: new Date() }, { stageId: STAGE.CANCELED }, seenAt(STAGE.CLEAN_REQUESTED));
    await expect(job().process({ commandId: waiting.id }, context)).rejects.toThrow('is not in HubSpot yet');
    expect((await db.dealCommand.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe('pending');

    await db.deal.update({ where: { id: booking.dealId }, data: { archivedAt: new Date() } });
    expect(await job().process({ commandId: waiting.id }, context)).toEqual({ outcome: 'deal-archived' });
    expect(await db.dealCommand.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: 'failed', error: 'The deal was deleted in HubSpot.' });
  });

  it("carries a plan's change to its visits: the new date and occurrence in HubSpot, one text for the change, the others' reminders", async () => {
    const first = await dealInHubSpot(STAGE.CLEANING_SCHEDULED);
    const second = await dealInHubSpot(STAGE.CLEANING_SCHEDULED);
    const contactId = (await db.deal.findUniqueOrThrow({ where: { id: first.dealId } })).contactId!;
    const plan = await db.recurringPlan.create({
      data: {
        contactId, squareFootage: 1500, serviceType: 'Recurring Clean', visitType: 'basic', skus: ['recurring-basic-1500'], amountCents: 17_900, firstVisitCents: 17_900,
        frequency: 'weekly', weekday: 3, startTime: '10:00', durationMinutes: 150, ownerId: cleaner.id, startDate: new Date('2026-11-01T00:00:00Z'), createdBy: 'office@cleaning.example',
      },
    });
    // Two visits a few weeks ahead of the real clock: the change moves each a day later.
    const ahead = (days: number) => new Date(Math.ceil(Date.now() / 86_400_000 + days) * 86_400_000 + 15 * 3_600_000);
    const visits = [first, second].map((deal, i) => ({ deal, at: ahead(14 + 7 * i), occurrence: ahead(15 + 7 * i).toISOString().slice(0, 10) }));
    for (const { deal, at } of visits) {
      await db.deal.update({ where: { id: deal.dealId }, data: { planId: plan.id, planOccurrence: new Date(at.toISOString().slice(0, 10)), scheduledAt: at, ownerId: cleaner.id } });
      await gateway.updateObject('deals', deal.hubspotId, { scheduled_date: at.toISOString(), hubspot_owner_id: cleaner.hubspotId });
      const [record] = await gateway.readBatch('deals', [deal.hubspotId], ['dealstage']);
      deal.modifiedAt = new Date(modifiedAtOf('deals', record!)!);
      await db.deal.update({ where: { id: deal.dealId }, data: { hubspotUpdatedAt: deal.modifiedAt } });
    }
    const commands = [];
    for (const [i, { deal, at, occurrence }] of visits.entries()) {
      const seen: DealFacts = { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at.toISOString(), ownerId: cleaner.id, amountCents: 34_900, durationMinutes: null };
      const moved = new Date(at.getTime() + 86_400_000).toISOString();
      const changes = { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: moved, ownerId: cleaner.id, planOccurrence: occurrence, ...(i > 0 && { quiet: true }) };
      commands.push(await command(deal, changes, seen, 'plan'));
    }
    for (const cmd of commands) expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });

    for (const { deal, at, occurrence } of visits) {
      expect(remote(deal.hubspotId)).toMatchObject({ plan_occurrence_date: occurrence });
      expect(Date.parse(remote(deal.hubspotId).scheduled_date!)).toBe(at.getTime() + 86_400_000);
      // A plan's command leaves the visit the plan's: it is not detached.
      expect((await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).planDetachedAt).toBeNull();
    }
    const notices = async (dealId: string) => (await db.customerNotice.findMany({ where: { dealId }, select: { kind: true } })).map((n) => n.kind).sort();
    // The change's earliest visit tells the customer; the later one only gets its reminder.
    expect(await notices(first.dealId)).toEqual(['reminder', 'rescheduled']);
    expect(await notices(second.dealId)).toEqual(['reminder']);
    const settled = await db.dealCommand.findUniqueOrThrow({ where: { id: commands[0]!.id } });
    expect(hubspot.objects('notes').find((n) => n.id === settled.noteHubspotId)?.properties.hs_note_body).toMatch(/^The plan changed this visit: Cleaning Scheduled for .+ with Maria Alvarez by office@cleaning\.example/);
  });
  it("carries a plan's other add-ons to a visit: its products, its line items at catalogue prices and its price, once", async () => {
    const deal = await dealInHubSpot(STAGE.CLEANING_SCHEDULED);
    const seen: DealFacts = { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: null, ownerId: null, amountCents: 34_900, durationMinutes: null };
    const skus = ['recurring-basic-1500', 'addon-microwave'];
    const cmd = await command(deal, { stageId: STAGE.CLEANING_SCHEDULED, amountCents: 20_400, skus } as Partial<DealFacts> & { stageId: string }, seen, 'plan');
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    // A retry (the job run again) finds the line items by their ids: none twice.
    await db.dealCommand.update({ where: { id: cmd.id }, data: { status: 'pending' } });
    await job().process({ commandId: cmd.id }, context);

    const record = hubspot.objects('deals').find((d) => d.id === deal.hubspotId)!;
    expect(record.properties).toMatchObject({ external_skus: 'recurring-basic-1500;addon-microwave', amount: '204.00' });
    const items = hubspot.objects('line_items').filter((item) => record.associations.line_items?.includes(item.id));
    expect(items.map((i) => [i.properties.hs_sku, i.properties.price, i.properties.app_request_id]).sort()).toEqual([
      ['addon-microwave', '25.00', `plan:${cmd.id}:addon-microwave`],
      ['recurring-basic-1500', '179.00', `plan:${cmd.id}:recurring-basic-1500`],
    ]);
    expect(hubspot.objects('line_items').filter((i) => String(i.properties.app_request_id).startsWith(`plan:${cmd.id}:`))).toHaveLength(2);
    expect((await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).skus).toEqual(skus);
    const settled = await db.dealCommand.findUniqueOrThrow({ where: { id: cmd.id } });
    expect(hubspot.objects('notes').find((n) => n.id === settled.noteHubspotId)?.properties.hs_note_body).toMatch(/Products now: Recurring Basic .+, Microwave/);
  });
  it('tells the customer once that their plan is set, when the cleaning it was made of carries the plan to HubSpot', async () => {
    const deal = await dealInHubSpot(STAGE.CLEANING_SCHEDULED);
    const contactId = (await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).contactId!;
    const plan = await db.recurringPlan.create({
      data: {
        contactId, squareFootage: 1500, serviceType: 'Recurring Clean', visitType: 'basic', skus: ['recurring-basic-1500'], amountCents: 17_900, firstVisitCents: 17_900,
        frequency: 'weekly', weekday: 3, startTime: '10:00', durationMinutes: 150, ownerId: cleaner.id, startDate: new Date(`${CLEANING_DAY}T00:00:00Z`), createdBy: 'office@cleaning.example',
      },
    });
    await db.deal.update({ where: { id: deal.dealId }, data: { planId: plan.id, planOccurrence: new Date(`${CLEANING_DAY}T00:00:00Z`) } });
    const seen: DealFacts = { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: null, ownerId: null, amountCents: 34_900, durationMinutes: null };
    const cmd = await command(deal, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: CLEANING_AT, ownerId: cleaner.id, planId: plan.id, planOccurrence: CLEANING_DAY } as Partial<DealFacts> & { stageId: string }, seen, 'plan');
    expect(await job().process({ commandId: cmd.id }, context)).toEqual({ outcome: 'applied' });
    expect(remote(deal.hubspotId)).toMatchObject({ recurring_plan_id: plan.id, plan_occurrence_date: CLEANING_DAY });
    // A retry of the job finds it settled; the customer is told once, by text and by e-mail.
    await db.dealCommand.update({ where: { id: cmd.id }, data: { status: 'pending' } });
    await job().process({ commandId: cmd.id }, context);
    const notices = await db.customerNotice.findMany({ where: { dealId: deal.dealId, kind: 'plan_confirmed' } });
    expect(notices).toHaveLength(1);
    expect(await db.smsMessage.count({ where: { dealId: deal.dealId, purpose: 'plan_confirmed' } })).toBe(1);
    expect(await db.emailMessage.count({ where: { noticeId: notices[0]!.id } })).toBe(1);

    // Its words as it goes out: the plan's rule; none once the plan has ended.
    const notice = { kind: 'plan_confirmed' as const, dealId: deal.dealId, planId: plan.id };
    expect(await noticeText(db, notice, 'https://www.cleaning.example/login')).toEqual({
      text: 'Atlanta Home Cleaning: your plan is set: Every Wednesday at 10:00 AM. See or skip visits: https://www.cleaning.example/login',
    });
    await db.recurringPlan.update({ where: { id: plan.id }, data: { status: 'ended' } });
    expect(await noticeText(db, notice, 'https://www.cleaning.example/login')).toEqual({ skipped: 'stale' });
  });
});
