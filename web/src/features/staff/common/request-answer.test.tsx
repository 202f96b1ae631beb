import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DealCommandView } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { proposedStart, RequestAnswer, type AnswerableRequest } from './request-answer';

type AnswerCommand = Extract<DealCommandView, { kind: 'request-answer' }>;

const reschedule: AnswerableRequest = { id: 't1', kind: 'reschedule', changeType: 'Reschedule to another day', requestedDate: '2026-12-04' };
const answer = (over: Partial<AnswerCommand>): AnswerCommand => ({
  id: 'c1',
  kind: 'request-answer',
  changes: { ticketId: 't1', answer: 'approve', ticketStage: '1613485805', scheduledAt: '2026-12-04T15:00:00.000Z' },
  reason: null,
  staffEmail: 'office@cleaning.example',
  status: 'pending',
  conflict: null,
  error: null,
  createdAt: '2026-11-24T14:00:00.000Z',
  settledAt: null,
  ...over,
});

const SEEN = {
  seenModifiedAt: '2026-11-23T18:30:00.000Z',
  seen: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: '2026-12-01T15:00:00.000Z', ownerId: '7', amountCents: null, durationMinutes: null },
};

const render = (props: Partial<Parameters<typeof RequestAnswer>[0]>) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <RequestAnswer request={reschedule} seen={SEEN} scheduledAt="2026-12-01T15:00:00.000Z" latest={null} busy={false} {...props} />
    </QueryClientProvider>,
  );

describe('RequestAnswer', () => {
  it('starts the new date from the day the customer asked for, at the cleaning’s time (Eastern)', () => {
    expect(proposedStart('2026-12-04', '2026-12-01T15:00:00.000Z')).toBe('2026-12-04T10:00');
    expect(proposedStart('2026-12-04', null)).toBe('2026-12-04T09:00');
    expect(proposedStart(null, '2026-07-01T13:30:00.000Z')).toBe('2026-07-01T09:30');
    expect(proposedStart(null, null)).toBe('');
  });

  it('offers Approve and Decline for an open request, Approve cancellation for a cancellation', () => {
    expect(render({})).toMatch(/>Approve<.*>Decline</);
    expect(render({ request: { ...reschedule, kind: 'cancellation', changeType: null, requestedDate: null } })).toContain('>Approve cancellation<');
  });

  it('answers a re-clean claim as its own kind: approving says the office comes back', () => {
    const html = render({ request: { id: 't2', kind: 'reclean', changeType: null, requestedDate: null } });
    expect(html).toContain('aria-label="Answer the re-clean claim"');
    expect(html).toMatch(/>Approve: we come back<.*>Decline</);
  });

  it('shows an answer on its way and offers nothing until HubSpot has it, nor while another change is on its way', () => {
    const html = render({ latest: answer({}) });
    expect(html).toContain('Moving the cleaning to');
    expect(html).toContain('waiting for HubSpot.');
    expect(html).not.toContain('>Decline<');
    expect(render({ busy: true })).toContain('A change of this cleaning is on its way to HubSpot.');
    expect(render({ busy: true })).not.toContain('>Decline<');
  });

  it('shows what HubSpot changed on a conflict, and offers the answer again', () => {
    const html = render({
      latest: answer({ status: 'conflict', changes: { ticketId: 't1', answer: 'decline', ticketStage: '1613485806' }, conflict: [{ field: 'scheduledAt', saw: '2026-12-01T15:00:00.000Z', now: '2026-12-02T15:00:00.000Z' }] }),
    });
    expect(html).toContain('Not answered: HubSpot changed this cleaning after you opened it.');
    expect(html).toContain('Date and time: you saw December 1, 2026 at 10:00 AM ET, HubSpot now has December 2, 2026 at 10:00 AM ET.');
    expect(html).toMatch(/>Approve<.*>Decline</);
  });

  it('says why an answer failed', () => {
    expect(render({ latest: answer({ status: 'failed', error: 'The request was already closed in HubSpot (Request Declined).' }) })).toContain(
      'Not answered: The request was already closed in HubSpot (Request Declined).',
    );
  });
});
