import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { RECLEAN_NEEDS_NOTE, RECLEAN_TAKES_NO_DATE, TICKET_STAGE_COMPLETED, TICKET_STAGE_DECLINED } from '@app/shared/request-answers';
import { dealDetailsSchema, requestsListSchema, todayBoardSchema } from '@app/shared/staff-board';
import { TestBrowser } from '../../../../../test/portal-app';
import { BOARD_NOW as NOW, HOUR, addDeal } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const VERSION = new Date('2026-11-23T18:30:00.000Z');
// Done yesterday morning: within the guarantee window.
const CLEANED = new Date(NOW.getTime() - 24 * HOUR);

describe('staff API: a re-clean claim in the requests, on the board, and answered like a change request', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('reclean-answers', NOW);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  });
  afterAll(async () => {
    await api?.close();
  });

  const claim = async (reason = 'The oven was not cleaned.') => {
    const contact = await api.db.contact.create({ data: { email: `claim.${Math.random()}@example.com`, firstName: 'Cleo', lastName: 'Claim' } });
    const deal = await addDeal(api.db, { contactId: contact.id, stageId: STAGE.CLEANING_DONE, scheduledAt: CLEANED, hubspotId: `hs-${Math.random()}`, hubspotUpdatedAt: VERSION });
    const ticket = await api.db.ticket.create({ data: { dealId: deal.id, contactId: contact.id, category: 'RecleanClaim', pipelineStage: '1', hubspotId: `hs-t-${Math.random()}`, reason } });
    return { deal, ticket };
  };
  const answer = (ticketId: string, body: Record<string, unknown>) =>
    staff.request(`/api/internal/admin/requests/${ticketId}/answer`, { method: 'POST', body: { seenModifiedAt: VERSION.toISOString(), ...body } });
  const commandsOf = (dealId: string) => api.db.dealCommand.findMany({ where: { dealId } });

  it('lists the claim as its own kind, linked to its cleaning, answerable; the board counts it with the open changes', async () => {
    const { deal, ticket } = await claim();
    const listed = requestsListSchema.parse(await (await staff.request('/api/internal/admin/requests?kind=reclean')).json());
    expect(listed.items.map((i) => i.kind)).toEqual(listed.items.map(() => 'reclean'));
    expect(listed.items.find((i) => i.id === ticket.id)).toMatchObject({
      kind: 'reclean',
      reason: 'The oven was not cleaned.',
      changeType: null,
      deal: { id: deal.id, stageId: STAGE.CLEANING_DONE, customer: { name: 'Cleo Claim' } },
      answerable: { version: VERSION.toISOString(), answer: null, otherPending: false },
      photos: 0,
    });
    // The customer's photos are counted (they are on the ticket's notes in HubSpot).
    await api.db.claimPhoto.createMany({
      data: [1, 2].map(() => ({ ticketId: ticket.id, contactId: ticket.contactId, contentType: 'image/jpeg', byteSize: 3, hubspotFileId: `file-${Math.random()}`, hubspotNoteId: `note-${Math.random()}`, sentAt: NOW })),
    });
    const withPhotos = requestsListSchema.parse(await (await staff.request('/api/internal/admin/requests?kind=reclean')).json());
    expect(withPhotos.items.find((i) => i.id === ticket.id)?.photos).toBe(2);
    const reschedules = requestsListSchema.parse(await (await staff.request('/api/internal/admin/requests?kind=reschedule')).json());
    expect(reschedules.items.some((i) => i.id === ticket.id)).toBe(false);

    const board = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(board.openChanges.items.find((i) => i.id === ticket.id)).toMatchObject({ kind: 'reclean', deal: { id: deal.id } });

    const details = dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${deal.id}`)).json());
    expect(details.openRequest).toEqual({ id: ticket.id, kind: 'reclean', reason: 'The oven was not cleaned.', changeType: null, requestedDate: null });
  });

  it('approves with the note the customer reads: the ticket completed, the done cleaning unchanged', async () => {
    const { deal, ticket } = await claim();
    const res = await answer(ticket.id, { answer: 'approve', reason: '  We come back on Thursday at 10 AM.  ' });
    expect(res.status).toBe(202);
    const [command] = await commandsOf(deal.id);
    expect(command).toMatchObject({ kind: 'request-answer', status: 'pending', reason: 'We come back on Thursday at 10 AM.' });
    expect(command!.changes).toEqual({ ticketId: ticket.id, answer: 'approve', ticketStage: TICKET_STAGE_COMPLETED });
    expect(await api.db.outboxEvent.count({ where: { type: 'crm.apply-deal-command', aggregateId: command!.id } })).toBe(1);
  });

  it('declines with the reason the customer reads', async () => {
    const { deal, ticket } = await claim();
    expect((await answer(ticket.id, { answer: 'decline', reason: 'The oven was not part of the booking.' })).status).toBe(202);
    expect((await commandsOf(deal.id))[0]).toMatchObject({ reason: 'The oven was not part of the booking.', changes: { ticketId: ticket.id, answer: 'decline', ticketStage: TICKET_STAGE_DECLINED } });
  });

  it('refuses an approval without its note or with a date, naming the field and writing nothing', async () => {
    const { deal, ticket } = await claim();
    for (const [body, field, error] of [
      [{ answer: 'approve' }, 'reason', RECLEAN_NEEDS_NOTE],
      [{ answer: 'approve', reason: '   ' }, 'reason', RECLEAN_NEEDS_NOTE],
      [{ answer: 'approve', reason: 'Thursday', scheduledAt: '2026-11-26T15:00:00Z' }, 'scheduledAt', RECLEAN_TAKES_NO_DATE],
      [{ answer: 'decline' }, 'reason', 'Tell the customer why the request is declined.'],
    ] as const) {
      const res = await answer(ticket.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', field, error });
    }
    expect(await commandsOf(deal.id)).toEqual([]);
  });
});
