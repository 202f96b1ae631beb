import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DealCommandView, StageCommandKind } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import type { DealDetails } from '@app/shared/staff-board';
import { dealDetails } from './deal-details-fixture';
import { DealMoves } from './deal-moves';

const deal = dealDetails({
  moves: [
    { stageId: STAGE.QUOTE_CANCELED, label: 'Quote Canceled', needs: [] },
    { stageId: STAGE.CANCELED, label: 'Canceled', needs: [] },
  ],
});

type MoveCommand = Extract<DealCommandView, { kind: StageCommandKind }>;

const command = (over: Partial<MoveCommand>): MoveCommand => ({
  id: 'c1',
  kind: 'move',
  changes: { stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: 28_000 },
  reason: null,
  staffEmail: 'office@cleaning.example',
  status: 'pending',
  conflict: null,
  error: null,
  createdAt: '2026-11-24T14:00:00.000Z',
  settledAt: null,
  ...over,
});

const render = (details: DealDetails) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <DealMoves deal={details} />
    </QueryClientProvider>,
  );

describe('DealMoves', () => {
  it('offers only the moves the api sends, each asking only for a reason where it ends the deal', () => {
    const html = render(deal);
    expect(html).toContain('>Quote Canceled</button>');
    expect(html).toContain('>Canceled</button>');
    // Stage moves look like steps, under their own label, never like a form's dismiss button.
    expect(html).toContain('<span class="stage-choices__label" aria-hidden="true">Move to</span>');
    expect(html).toMatch(/<button type="button" class="stage-choice" aria-pressed="false">Canceled<\/button>/);
    expect(html).not.toContain('>Cancel</button>');
    expect(html).not.toContain('Cleaning Scheduled');
    expect(html).not.toContain('Amount (USD)');
  });

  it('says a move is on its way while HubSpot does not have it yet', () => {
    expect(render({ ...deal, moves: [], commands: [command({})] })).toContain('Moving to Awaiting Quote Approval: waiting for HubSpot.');
  });

  it('says what HubSpot changed when a move was refused, and that the page shows HubSpot now', () => {
    const refused = command({ status: 'conflict', conflict: [{ field: 'stageId', saw: STAGE.CREATING_QUOTE, now: STAGE.CANCELED }] });
    const html = render({ ...deal, stageId: STAGE.CANCELED, moves: [], commands: [refused] });
    expect(html).toContain('Not moved to Awaiting Quote Approval: HubSpot changed this cleaning after you opened it.');
    expect(html).toContain('Stage: you saw Creating Quote, HubSpot now has Canceled.');
    expect(html).toContain('Redo it below if it still applies.');
  });

  it('says a quote is on its way, or was not sent, by its total', () => {
    const sent = { serviceType: 'Basic Clean', squareFootage: 1000, visitType: null, frequency: null, lines: [], subtotalCents: 28_000, discountPercent: null, discountCents: 0, adjustmentCents: 0, adjustmentReason: null, totalCents: 28_000 };
    const pending: DealCommandView = { ...command({}), kind: 'quote', changes: { stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: 28_000, quote: sent } };
    expect(render({ ...deal, moves: [], commands: [pending] })).toContain('Sending the quote of $280.00: waiting for HubSpot.');
    expect(render({ ...deal, commands: [{ ...pending, status: 'failed', error: 'The deal was deleted in HubSpot.' }] })).toContain('Quote of $280.00 not sent: The deal was deleted in HubSpot.');
  });

  it('says nothing about a command HubSpot has', () => {
    expect(render({ ...deal, commands: [command({ status: 'applied' })] })).not.toContain('role="alert"');
  });

  it('schedules through its own form: Schedule in Scheduling In Progress, a new date once scheduled', () => {
    const scheduling = {
      ...deal,
      stageId: STAGE.SCHEDULING_IN_PROGRESS,
      canSchedule: true,
      moves: [
        { stageId: STAGE.CLEANING_SCHEDULED, label: 'Cleaning Scheduled', needs: ['date' as const, 'cleaner' as const] },
        { stageId: STAGE.CANCELED, label: 'Canceled', needs: [] },
      ],
    };
    const html = render(scheduling);
    expect(html).toContain('>Schedule</button>');
    expect(html).not.toContain('>Cleaning Scheduled</button>');
    expect(html).toContain('>Canceled</button>');
    expect(render({ ...scheduling, stageId: STAGE.CLEANING_SCHEDULED, moves: [] })).toContain('>Change date or cleaner</button>');
  });

  it('closes out a cleaning whose day has come, and says why not before it', () => {
    const scheduled = { ...deal, stageId: STAGE.CLEANING_SCHEDULED, moves: [{ stageId: STAGE.SCHEDULING_IN_PROGRESS, label: 'Scheduling In Progress', needs: [] }] };
    const open = render({ ...scheduled, closeOut: { allowed: true, reason: null } });
    for (const label of ['Done', 'No-show', 'Canceled on the day']) expect(open).toContain(`>${label}</button>`);
    expect(open).not.toContain('>Cleaning Done</button>');
    expect(render({ ...scheduled, closeOut: { allowed: false, reason: 'A cleaning can be closed out from its day on.' } })).toContain('A cleaning can be closed out from its day on.');
  });

  it('names a pending schedule and close-out by what they do', () => {
    const schedule = command({ kind: 'schedule', changes: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: '2026-12-03T14:00:00.000Z', durationMinutes: 150 } });
    expect(render({ ...deal, moves: [], commands: [schedule] })).toContain('Scheduling for');
    const closeOut = command({ kind: 'close-out', changes: { stageId: STAGE.CANCELED, outcome: 'no-show' } });
    expect(render({ ...deal, moves: [], commands: [closeOut] })).toContain('Closing out as No-show: waiting for HubSpot.');
  });
});
