import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_CHANGED, MOVE_PENDING } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { OWNER_INACTIVE } from '@app/shared/staff-admin';
import { dealDetailsSchema } from '@app/shared/staff-board';
import { TestBrowser } from '../../../../../test/portal-app';
import { BOARD_NOW as NOW, addDeal, addOwner } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const VERSION = new Date('2026-11-23T18:30:00.000Z');

describe('staff API: moving a deal along the pipeline (POST /api/internal/admin/deals/:id/moves)', () => {
  let api: StaffApi;
  let staff: TestBrowser;
  let cleaner: { id: string };

  beforeAll(async () => {
    api = await startStaffApi('deal-moves', NOW);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    cleaner = await addOwner(api.db, 'Maria', 'Alvarez');
  });
  afterAll(async () => {
    await api?.close();
  });

  const deal = (stageId: string, data: Record<string, unknown> = {}) => addDeal(api.db, { stageId, hubspotId: `hs-${Math.random()}`, hubspotUpdatedAt: VERSION, amountCents: null, ...data });
  const move = (dealId: string, body: Record<string, unknown>) =>
    staff.request(`/api/internal/admin/deals/${dealId}/moves`, { method: 'POST', body: { seenModifiedAt: VERSION.toISOString(), ...body } });
  const details = async (dealId: string) => dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${dealId}`)).json());
  const commandsOf = (dealId: string) => api.db.dealCommand.findMany({ where: { dealId } });
  const eventsOf = async (dealId: string) => {
    const ids = (await commandsOf(dealId)).map((c) => c.id);
    return api.db.outboxEvent.findMany({ where: { type: 'crm.apply-deal-command', aggregateId: { in: ids } } });
  };

  it('offers the moves the transitions table allows, with what each needs, and the version to send back', async () => {
    const d = await deal(STAGE.SCHEDULING_IN_PROGRESS);
    const shown = await details(d.id);
    expect(shown.version).toBe(VERSION.toISOString());
    expect(shown.moves).toEqual([
      { stageId: STAGE.CLEANING_SCHEDULED, label: 'Cleaning Scheduled', needs: ['date', 'cleaner'] },
      { stageId: STAGE.CANCELED, label: 'Canceled', needs: [] },
    ]);
    expect((await details((await deal(STAGE.CLEANING_DONE)).id)).moves).toEqual([]);
    // Awaiting Quote Approval is reached by sending a quote, Cleaning Done by a close-out: no plain move to either.
    expect((await details((await deal(STAGE.CREATING_QUOTE)).id)).moves.map((m) => m.stageId)).toEqual([STAGE.QUOTE_CANCELED, STAGE.CANCELED]);
    // A stage set in HubSpot that we do not know (the pull adds it as it does): shown, with no move offered.
    await api.db.dealStage.upsert({ where: { id: '987654' }, create: { id: '987654', label: '987654', displayOrder: 999 }, update: {} });
    const unknown = await details((await deal('987654')).id);
    expect(unknown).toMatchObject({ stageId: '987654', moves: [] });
  });

  it('records a move as a pending command with its outbox event, leaves the mirror alone, and offers nothing more until HubSpot has it', async () => {
    const d = await deal(STAGE.SCHEDULING_IN_PROGRESS);
    const scheduledAt = '2026-12-02T15:00:00.000Z';
    const res = await move(d.id, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt, ownerId: cleaner.id });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { success: boolean; commandId: string };
    expect(body.success).toBe(true);

    const [command] = await commandsOf(d.id);
    expect(command).toMatchObject({
      id: body.commandId,
      kind: 'move',
      status: 'pending',
      changes: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt, ownerId: cleaner.id },
      seen: { stageId: STAGE.SCHEDULING_IN_PROGRESS, scheduledAt: null, ownerId: null, amountCents: null },
      seenModifiedAt: VERSION,
      staffEmail: expect.stringContaining('@'),
    });
    const events = await eventsOf(d.id);
    expect(events.map((e) => e.payload)).toEqual([{ commandId: body.commandId }]);
    expect((await api.db.deal.findUniqueOrThrow({ where: { id: d.id } })).stageId).toBe(STAGE.SCHEDULING_IN_PROGRESS);

    const shown = await details(d.id);
    expect(shown.moves).toEqual([]);
    expect(shown.commands).toMatchObject([{ id: body.commandId, status: 'pending', changes: { stageId: STAGE.CLEANING_SCHEDULED } }]);
    const again = await move(d.id, { stageId: STAGE.CANCELED });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: MOVE_PENDING, field: 'stageId' });
    expect(await commandsOf(d.id)).toHaveLength(1);
  });

  it('refuses, naming the field and writing nothing, a move the table does not allow or a stage without what it needs', async () => {
    const d = await deal(STAGE.CLEAN_REQUESTED);
    const skip = await move(d.id, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: '2026-12-02T15:00:00Z', ownerId: cleaner.id });
    expect(skip.status).toBe(409);
    expect(await skip.json()).toMatchObject({ error: 'A deal in Clean Requested cannot move to Cleaning Scheduled.', field: 'stageId' });

    const quoting = await deal(STAGE.CREATING_QUOTE);
    const bareQuote = await move(quoting.id, { stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: 28_000 });
    expect(bareQuote.status).toBe(409);
    expect(await bareQuote.json()).toMatchObject({ error: 'A deal awaits approval once a quote is sent: use Send quote.', field: 'stageId' });
    const early = await deal(STAGE.CLEANING_SCHEDULED);
    const bareDone = await move(early.id, { stageId: STAGE.CLEANING_DONE });
    expect(bareDone.status).toBe(409);
    expect(await bareDone.json()).toMatchObject({ error: 'A cleaning is marked done by closing it out.', field: 'stageId' });

    const scheduling = await deal(STAGE.SCHEDULING_IN_PROGRESS);
    const noCleaner = await move(scheduling.id, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: '2026-12-02T15:00:00Z' });
    expect(noCleaner.status).toBe(400);
    expect(await noCleaner.json()).toMatchObject({ error: 'Cleaning Scheduled needs a cleaner.', field: 'ownerId' });

    const badBody = await move(scheduling.id, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: 'tomorrow at nine' });
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toMatchObject({ field: 'scheduledAt' });

    const departed = await addOwner(api.db, 'Dee', 'Parted');
    await api.db.owner.update({ where: { id: departed.id }, data: { active: false } });
    const inactive = await move(scheduling.id, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: '2026-12-02T15:00:00Z', ownerId: departed.id });
    expect(inactive.status).toBe(409);
    expect(await inactive.json()).toMatchObject({ error: OWNER_INACTIVE, field: 'ownerId' });

    for (const id of [d.id, quoting.id, scheduling.id]) expect(await commandsOf(id)).toEqual([]);
  });

  it('refuses a move made on an older version of the deal than the mirror holds', async () => {
    const d = await deal(STAGE.CLEAN_REQUESTED);
    await api.db.deal.update({ where: { id: d.id }, data: { hubspotUpdatedAt: new Date(VERSION.getTime() + 60_000) } });
    const res = await move(d.id, { stageId: STAGE.CANCELED, reason: 'Customer moved away' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: DEAL_CHANGED, field: 'seenModifiedAt' });
    expect(await commandsOf(d.id)).toEqual([]);
  });

  it('takes one of two moves of a deal sent at once', async () => {
    const d = await deal(STAGE.CLEAN_REQUESTED);
    const answers = await Promise.all([move(d.id, { stageId: STAGE.CANCELED }), move(d.id, { stageId: STAGE.PENDING_ESTIMATE_CALL })]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(await commandsOf(d.id)).toHaveLength(1);
    expect(await eventsOf(d.id)).toHaveLength(1);
  });

  it('answers 404 for a deal deleted in HubSpot or unknown', async () => {
    const gone = await deal(STAGE.CLEAN_REQUESTED, { archivedAt: NOW });
    expect((await move(gone.id, { stageId: STAGE.CANCELED })).status).toBe(404);
    expect((await move('nope', { stageId: STAGE.CANCELED })).status).toBe(404);
  });

  it('takes a newer version that changed nothing the page showed (a note, an association), and refuses one that did', async () => {
    const newer = new Date(VERSION.getTime() + 60_000);
    const d = await deal(STAGE.CLEAN_REQUESTED, { hubspotUpdatedAt: newer, amountCents: 20_900 });
    const seen = { stageId: STAGE.CLEAN_REQUESTED, scheduledAt: null, ownerId: null, amountCents: 20_900, durationMinutes: null };
    expect((await move(d.id, { stageId: STAGE.PENDING_ESTIMATE_CALL })).status).toBe(409);
    const res = await move(d.id, { stageId: STAGE.PENDING_ESTIMATE_CALL, seen });
    expect(res.status).toBe(202);
    // What the worker checks HubSpot against: the version the mirror held, with those same fields.
    expect((await commandsOf(d.id))[0]).toMatchObject({ seenModifiedAt: newer, seen });

    const changed = await deal(STAGE.CLEAN_REQUESTED, { hubspotUpdatedAt: newer, amountCents: 30_000 });
    const stale = await move(changed.id, { stageId: STAGE.PENDING_ESTIMATE_CALL, seen });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'deal_changed', field: 'seenModifiedAt', error: DEAL_CHANGED });
  });
});
