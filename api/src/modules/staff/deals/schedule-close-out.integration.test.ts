import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_SCHEDULED, TOO_EARLY } from '@app/shared/close-out';
import { DEAL_CHANGED } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { NOT_SCHEDULABLE, WARNINGS_NOT_ACCEPTED } from '@app/shared/schedule';
import { dealDetailsSchema } from '@app/shared/staff-board';
import { TestBrowser } from '../../../../../test/portal-app';
import { BOARD_NOW as NOW, addDeal, addOwner } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const VERSION = new Date('2026-11-23T18:30:00.000Z');
/** 10 AM Eastern on Thursday, November 26, two days after NOW. */
const THURSDAY_10 = '2026-11-26T15:00:00.000Z';

describe('staff API: scheduling and closing out a cleaning', () => {
  let api: StaffApi;
  let staff: TestBrowser;
  let maria: { id: string };

  beforeAll(async () => {
    api = await startStaffApi('deal-schedule', NOW);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    maria = await addOwner(api.db, 'Maria', 'Alvarez');
  });
  afterAll(async () => {
    await api?.close();
  });

  const deal = (stageId: string, data: Record<string, unknown> = {}) => addDeal(api.db, { stageId, hubspotId: `hs-${Math.random()}`, hubspotUpdatedAt: VERSION, ...data });
  const post = (dealId: string, action: string, body: Record<string, unknown>) =>
    staff.request(`/api/internal/admin/deals/${dealId}/${action}`, { method: 'POST', body: { seenModifiedAt: VERSION.toISOString(), ...body } });
  const plan = (over: Record<string, unknown> = {}) => ({ scheduledAt: THURSDAY_10, durationMinutes: 150, ownerId: maria.id, ...over });
  const details = async (dealId: string) => dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${dealId}`)).json());
  const commandsOf = (dealId: string) => api.db.dealCommand.findMany({ where: { dealId } });

  it('schedules a cleaning with its duration as a pending command, the mirror unchanged until HubSpot has it', async () => {
    const d = await deal(STAGE.SCHEDULING_IN_PROGRESS, { preferredDate: new Date('2026-11-26') });
    expect(await details(d.id)).toMatchObject({ canSchedule: true, closeOut: null });
    const res = await post(d.id, 'schedule', plan());
    expect(res.status).toBe(202);
    const { commandId } = (await res.json()) as { commandId: string };
    expect(await commandsOf(d.id)).toMatchObject([
      {
        id: commandId,
        kind: 'schedule',
        status: 'pending',
        changes: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: THURSDAY_10, ownerId: maria.id, durationMinutes: 150 },
        seen: { stageId: STAGE.SCHEDULING_IN_PROGRESS, scheduledAt: null, durationMinutes: null },
      },
    ]);
    expect(await api.db.outboxEvent.count({ where: { type: 'crm.apply-deal-command', aggregateId: commandId } })).toBe(1);
    expect(await api.db.deal.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ stageId: STAGE.SCHEDULING_IN_PROGRESS, durationMinutes: null });
    expect(await details(d.id)).toMatchObject({ canSchedule: false, commands: [{ kind: 'schedule', status: 'pending' }] });
  });

  it("warns before saving: the cleaner's other cleaning, working hours, and the day the customer asked for", async () => {
    await deal(STAGE.CLEANING_SCHEDULED, { name: 'Deep Clean for Ann Able', ownerId: maria.id, scheduledAt: new Date('2026-11-27T16:00:00.000Z'), durationMinutes: 240 });
    const d = await deal(STAGE.SCHEDULING_IN_PROGRESS, { preferredDate: new Date('2026-11-26'), timeOfDay: 'morning' });
    // Friday at 6:30 AM Eastern: before hours and not the asked day (Maria's other cleaning starts at 11).
    const early = { scheduledAt: '2026-11-27T11:30:00.000Z' };
    const check = await post(d.id, 'schedule/check', plan(early));
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({
      warnings: [
        { code: 'outside-hours', message: 'This cleaning runs outside working hours (7:00 AM to 8:00 PM).' },
        { code: 'not-asked-date', message: 'The customer asked for Thu, Nov 26, morning.' },
      ],
    });
    // Friday 10 AM for two and a half hours runs into Maria's 11 AM deep clean.
    const clash = await (await post(d.id, 'schedule/check', plan({ scheduledAt: '2026-11-27T15:00:00.000Z' }))).json();
    expect(clash.warnings[0]).toEqual({ code: 'cleaner-busy', message: 'Maria Alvarez already has a cleaning then: Deep Clean for Ann Able on November 27, 2026 at 11:00 AM.' });

    const refused = await post(d.id, 'schedule', plan({ ...early, acceptWarnings: ['outside-hours'] }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'schedule_warnings', field: 'acceptWarnings', error: `${WARNINGS_NOT_ACCEPTED} The customer asked for Thu, Nov 26, morning.` });
    expect(await commandsOf(d.id)).toEqual([]);

    const saved = await post(d.id, 'schedule', plan({ ...early, acceptWarnings: ['outside-hours', 'not-asked-date'] }));
    expect(saved.status).toBe(202);
  });

  it('counts a schedule still on its way to HubSpot as the cleaner being busy', async () => {
    const first = await deal(STAGE.SCHEDULING_IN_PROGRESS, { name: 'Basic for Ben Baker' });
    expect((await post(first.id, 'schedule', plan({ scheduledAt: '2026-11-30T15:00:00.000Z' }))).status).toBe(202);
    const second = await deal(STAGE.SCHEDULING_IN_PROGRESS);
    const { warnings } = await (await post(second.id, 'schedule/check', plan({ scheduledAt: '2026-11-30T16:00:00.000Z' }))).json();
    expect(warnings.map((w: { code: string }) => w.code)).toEqual(['cleaner-busy']);
  });

  it('gives a scheduled cleaning a new date without a change of stage, and refuses other stages', async () => {
    const scheduled = await deal(STAGE.CLEANING_SCHEDULED, { ownerId: maria.id, scheduledAt: new Date('2026-12-01T15:00:00.000Z'), durationMinutes: 120 });
    expect((await post(scheduled.id, 'schedule', plan({ scheduledAt: '2026-12-02T15:00:00.000Z' }))).status).toBe(202);

    const quote = await deal(STAGE.CREATING_QUOTE);
    const res = await post(quote.id, 'schedule', plan());
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'move_not_allowed', field: 'stageId', error: NOT_SCHEDULABLE });
    expect(await details(quote.id)).toMatchObject({ canSchedule: false });
  });

  it('names the field of a bad plan and writes nothing', async () => {
    const d = await deal(STAGE.SCHEDULING_IN_PROGRESS);
    for (const [over, field] of [
      [{ durationMinutes: 100 }, 'durationMinutes'],
      [{ ownerId: 'nobody' }, 'ownerId'],
      [{ scheduledAt: 'Thursday' }, 'scheduledAt'],
    ] as const) {
      const res = await post(d.id, 'schedule', plan(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(await res.json()).toMatchObject({ field });
    }
    const stale = await post(d.id, 'schedule', { ...plan(), seenModifiedAt: '2026-11-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'deal_changed', error: DEAL_CHANGED });
    expect(await commandsOf(d.id)).toEqual([]);
  });

  it('closes out a cleaning from its day on: done, no-show or canceled on the day', async () => {
    const today = await deal(STAGE.CLEANING_SCHEDULED, { ownerId: maria.id, scheduledAt: new Date('2026-11-24T15:00:00.000Z') });
    expect((await details(today.id)).closeOut).toEqual({ allowed: true, reason: null });
    const res = await post(today.id, 'close-out', { outcome: 'no-show', reason: 'Gate code did not work' });
    expect(res.status).toBe(202);
    expect(await commandsOf(today.id)).toMatchObject([
      { kind: 'close-out', status: 'pending', changes: { stageId: STAGE.CANCELED, outcome: 'no-show' }, reason: 'Gate code did not work' },
    ]);

    const done = await deal(STAGE.CLEANING_SCHEDULED, { scheduledAt: new Date('2026-11-23T15:00:00.000Z') });
    expect((await post(done.id, 'close-out', { outcome: 'done' })).status).toBe(202);
    expect((await commandsOf(done.id))[0]?.changes).toEqual({ stageId: STAGE.CLEANING_DONE, outcome: 'done' });
  });

  it('refuses to close out a cleaning before its day, or one that is not scheduled', async () => {
    const tomorrow = await deal(STAGE.CLEANING_SCHEDULED, { scheduledAt: new Date('2026-11-25T15:00:00.000Z') });
    expect((await details(tomorrow.id)).closeOut).toEqual({ allowed: false, reason: TOO_EARLY });
    const early = await post(tomorrow.id, 'close-out', { outcome: 'done' });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'close_out_not_allowed', field: 'outcome', error: TOO_EARLY });

    const unscheduled = await deal(STAGE.SCHEDULING_IN_PROGRESS);
    const res = await post(unscheduled.id, 'close-out', { outcome: 'canceled-on-the-day' });
    expect(await res.json()).toMatchObject({ field: 'outcome', error: NOT_SCHEDULED });
    const bad = await post(unscheduled.id, 'close-out', { outcome: 'late' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'outcome' });
    expect(await commandsOf(tomorrow.id)).toEqual([]);
  });

  it("records who did what and when on the customer's page, and only that customer's cleanings", async () => {
    const contact = await api.db.contact.create({ data: { email: `actions.${Math.random()}@example.com`, firstName: 'Ada', lastName: 'Park' } });
    const d = await deal(STAGE.SCHEDULING_IN_PROGRESS, { contactId: contact.id, serviceType: 'Deep Clean' });
    expect((await post(d.id, 'schedule', plan({ scheduledAt: '2026-12-08T15:00:00.000Z' }))).status).toBe(202);
    const other = await deal(STAGE.SCHEDULING_IN_PROGRESS);
    expect((await post(other.id, 'schedule', plan({ scheduledAt: '2026-12-09T15:00:00.000Z' }))).status).toBe(202);

    const page = (await (await staff.request(`/api/hubspot/contact-details/${contact.id}`)).json()) as { officeActions: unknown[] };
    expect(page.officeActions).toEqual([
      {
        id: expect.any(String),
        dealId: d.id,
        cleaning: `Deep Clean (${d.reference})`,
        summary: 'Scheduled as Cleaning Scheduled for December 8, 2026 at 10:00 AM (2 h 30 min) with Maria Alvarez',
        staffEmail: expect.stringContaining('@'),
        status: 'pending',
        reason: null,
        createdAt: expect.any(String),
      },
    ]);
  });
});
