import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_CHANGED, MOVE_PENDING } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { CANCEL_TAKES_NO_DATE, REQUEST_CLOSED, RESCHEDULE_NEEDS_DATE, TICKET_STAGE_COMPLETED, TICKET_STAGE_DECLINED } from '@app/shared/request-answers';
import { dealDetailsSchema, requestsListSchema } from '@app/shared/staff-board';
import { TestBrowser } from '../../../../../test/portal-app';
import { BOARD_NOW as NOW, addDeal } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const VERSION = new Date('2026-11-23T18:30:00.000Z');
const SCHEDULED = new Date('2026-12-01T15:00:00.000Z');

describe('staff API: answering a change or cancel request (POST /api/internal/admin/requests/:id/answer)', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('request-answers', NOW);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  });
  afterAll(async () => {
    await api?.close();
  });

  const request = async (category: 'RescheduleRequest' | 'CancellationRequest', over: { stageId?: string; pipelineStage?: string | null; changeType?: string | null } = {}) => {
    const deal = await addDeal(api.db, { stageId: over.stageId ?? STAGE.CLEANING_SCHEDULED, scheduledAt: SCHEDULED, hubspotId: `hs-${Math.random()}`, hubspotUpdatedAt: VERSION });
    const ticket = await api.db.ticket.create({
      data: {
        dealId: deal.id,
        category,
        pipelineStage: over.pipelineStage === undefined ? '1' : over.pipelineStage,
        hubspotId: `hs-t-${Math.random()}`,
        reason: 'Out of town',
        changeType: over.changeType === undefined ? (category === 'RescheduleRequest' ? 'Reschedule to another day' : null) : over.changeType,
        requestedDate: category === 'RescheduleRequest' ? new Date('2026-12-04T00:00:00Z') : null,
      },
    });
    return { deal, ticket };
  };
  const answer = (ticketId: string, body: Record<string, unknown>) =>
    staff.request(`/api/internal/admin/requests/${ticketId}/answer`, { method: 'POST', body: { seenModifiedAt: VERSION.toISOString(), ...body } });
  const commandsOf = (dealId: string) => api.db.dealCommand.findMany({ where: { dealId } });
  const eventsOf = async (dealId: string) => {
    const ids = (await commandsOf(dealId)).map((c) => c.id);
    return api.db.outboxEvent.findMany({ where: { type: 'crm.apply-deal-command', aggregateId: { in: ids } } });
  };

  it('records an approved reschedule as a request-answer command with its outbox event, the mirror untouched', async () => {
    const { deal, ticket } = await request('RescheduleRequest');
    const scheduledAt = '2026-12-04T14:00:00.000Z';
    const res = await answer(ticket.id, { answer: 'approve', scheduledAt });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { success: boolean; commandId: string };
    expect(body.success).toBe(true);
    const [command] = await commandsOf(deal.id);
    expect(command).toMatchObject({
      id: body.commandId,
      kind: 'request-answer',
      status: 'pending',
      changes: { ticketId: ticket.id, answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED, scheduledAt },
      seen: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: SCHEDULED.toISOString(), ownerId: null, amountCents: null },
      seenModifiedAt: VERSION,
    });
    expect((await eventsOf(deal.id)).map((e) => e.payload)).toEqual([{ commandId: body.commandId }]);
    expect((await api.db.deal.findUniqueOrThrow({ where: { id: deal.id } })).scheduledAt).toEqual(SCHEDULED);
    expect((await api.db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).pipelineStage).toBe('1');

    // The list and the panel show the answer on its way; a second answer waits for it.
    const listed = requestsListSchema.parse(await (await staff.request('/api/internal/admin/requests?kind=reschedule')).json());
    const item = listed.items.find((i) => i.id === ticket.id);
    expect(item).toMatchObject({ requestedDate: '2026-12-04', answerable: { version: VERSION.toISOString(), otherPending: false, answer: { id: body.commandId, kind: 'request-answer', status: 'pending' } } });
    const details = dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${deal.id}`)).json());
    expect(details.openRequest).toEqual({ id: ticket.id, kind: 'reschedule', reason: 'Out of town', changeType: 'Reschedule to another day', requestedDate: '2026-12-04' });
    expect(details.commands[0]).toMatchObject({ kind: 'request-answer', changes: { ticketId: ticket.id } });
    const again = await answer(ticket.id, { answer: 'decline', reason: 'No' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'command_pending', error: MOVE_PENDING, field: 'answer' });
  });

  it('records an approved cancellation as a move to Canceled, and a decline with its reason', async () => {
    const cancel = await request('CancellationRequest');
    expect((await answer(cancel.ticket.id, { answer: 'approve' })).status).toBe(202);
    expect((await commandsOf(cancel.deal.id))[0]).toMatchObject({ changes: { ticketId: cancel.ticket.id, answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED, stageId: STAGE.CANCELED } });

    const decline = await request('RescheduleRequest');
    expect((await answer(decline.ticket.id, { answer: 'decline', reason: '  We are fully booked that week.  ' })).status).toBe(202);
    const [command] = await commandsOf(decline.deal.id);
    expect(command).toMatchObject({ reason: 'We are fully booked that week.', changes: { ticketId: decline.ticket.id, answer: 'decline', ticketStage: TICKET_STAGE_DECLINED } });
    expect(command!.changes).not.toHaveProperty('scheduledAt');
  });

  it('refuses, naming the field and writing nothing, an answer without what it needs', async () => {
    const { deal, ticket } = await request('RescheduleRequest');
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ answer: 'decline' }, 'reason', 'Tell the customer why the request is declined.'],
      [{ answer: 'decline', reason: '   ' }, 'reason', 'Tell the customer why the request is declined.'],
      [{ answer: 'decline', reason: 'x'.repeat(501) }, 'reason', 'Keep the reason under 500 characters.'],
      [{ answer: 'decline', reason: 'No', scheduledAt: '2026-12-04T14:00:00Z' }, 'scheduledAt', /leave the date out/],
      [{ answer: 'maybe' }, 'answer', 'Choose approve or decline.'],
      [{ answer: 'approve', scheduledAt: 'next friday' }, 'scheduledAt', 'Give the date and time as an ISO instant.'],
      [{ answer: 'approve' }, 'scheduledAt', RESCHEDULE_NEEDS_DATE],
    ];
    for (const [body, field, error] of cases) {
      const res = await answer(ticket.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ field, error: expect.stringMatching(typeof error === 'string' ? new RegExp(`^${error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : error) });
    }
    const cancel = await request('CancellationRequest');
    const withDate = await answer(cancel.ticket.id, { answer: 'approve', scheduledAt: '2026-12-04T14:00:00Z' });
    expect(withDate.status).toBe(400);
    expect(await withDate.json()).toMatchObject({ field: 'scheduledAt', error: CANCEL_TAKES_NO_DATE });
    for (const id of [deal.id, cancel.deal.id]) expect(await commandsOf(id)).toEqual([]);
  });

  it('approves a change of service without a new date', async () => {
    const { deal, ticket } = await request('RescheduleRequest', { changeType: 'Change service type' });
    expect((await answer(ticket.id, { answer: 'approve' })).status).toBe(202);
    expect((await commandsOf(deal.id))[0]!.changes).toEqual({ ticketId: ticket.id, answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED });
  });

  it('answers 409 for a request already closed, a stale version, or a cancel the transitions table does not allow', async () => {
    for (const stage of ['4', TICKET_STAGE_COMPLETED, TICKET_STAGE_DECLINED]) {
      const { deal, ticket } = await request('CancellationRequest', { pipelineStage: stage });
      const res = await answer(ticket.id, { answer: 'decline', reason: 'No' });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'request_closed', error: REQUEST_CLOSED, field: 'answer' });
      expect(await commandsOf(deal.id)).toEqual([]);
    }

    const stale = await request('CancellationRequest');
    await api.db.deal.update({ where: { id: stale.deal.id }, data: { hubspotUpdatedAt: new Date(VERSION.getTime() + 60_000) } });
    const staleRes = await answer(stale.ticket.id, { answer: 'approve' });
    expect(staleRes.status).toBe(409);
    expect(await staleRes.json()).toMatchObject({ code: 'deal_changed', error: DEAL_CHANGED, field: 'seenModifiedAt' });

    const done = await request('CancellationRequest', { stageId: STAGE.CLEANING_DONE });
    const doneRes = await answer(done.ticket.id, { answer: 'approve' });
    expect(doneRes.status).toBe(409);
    expect(await doneRes.json()).toMatchObject({ code: 'move_not_allowed', error: 'A deal in Cleaning Done cannot move to Canceled.', field: 'answer' });
    const moved = await request('RescheduleRequest', { stageId: STAGE.CANCELED });
    const movedRes = await answer(moved.ticket.id, { answer: 'approve', scheduledAt: '2026-12-04T14:00:00Z' });
    expect(movedRes.status).toBe(409);
    expect(await movedRes.json()).toMatchObject({ code: 'move_not_allowed', error: 'A deal in Canceled cannot be rescheduled.' });
    for (const id of [stale.deal.id, done.deal.id, moved.deal.id]) expect(await commandsOf(id)).toEqual([]);
  });

  it('takes one of two answers sent at once, and one answer while a move is on its way is refused', async () => {
    const { deal, ticket } = await request('CancellationRequest');
    const answers = await Promise.all([answer(ticket.id, { answer: 'approve' }), answer(ticket.id, { answer: 'decline', reason: 'No' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(await eventsOf(deal.id)).toHaveLength(1);

    const other = await request('RescheduleRequest');
    const moved = await staff.request(`/api/internal/admin/deals/${other.deal.id}/moves`, { method: 'POST', body: { stageId: STAGE.SCHEDULING_IN_PROGRESS, seenModifiedAt: VERSION.toISOString() } });
    expect(moved.status).toBe(202);
    const listed = requestsListSchema.parse(await (await staff.request('/api/internal/admin/requests?kind=reschedule')).json());
    expect(listed.items.find((i) => i.id === other.ticket.id)?.answerable).toMatchObject({ answer: null, otherPending: true });
    expect((await answer(other.ticket.id, { answer: 'decline', reason: 'No' })).status).toBe(409);
  });

  it('answers 404 for an unknown request or one deleted in HubSpot, and only to staff', async () => {
    expect((await answer('nope', { answer: 'decline', reason: 'No' })).status).toBe(404);
    const { ticket } = await request('CancellationRequest');
    await api.db.ticket.update({ where: { id: ticket.id }, data: { archivedAt: NOW } });
    expect((await answer(ticket.id, { answer: 'decline', reason: 'No' })).status).toBe(404);

    const open = await request('CancellationRequest');
    const stranger = new TestBrowser(api.url);
    const res = await stranger.request(`/api/internal/admin/requests/${open.ticket.id}/answer`, { method: 'POST', body: { answer: 'approve', seenModifiedAt: VERSION.toISOString() } });
    expect(res.status).toBe(401);
    expect(await commandsOf(open.deal.id)).toEqual([]);
  });
});
