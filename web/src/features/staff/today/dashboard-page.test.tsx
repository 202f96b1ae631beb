import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import type { BoardCleaning, BoardDeal, StaffRequest, TodayBoard } from '@app/shared/staff-board';
import { Board } from './dashboard-page';

const NOW = '2026-12-09T15:00:00.000Z';
const deal: BoardDeal = {
  id: 'd1', customer: { id: 'c1', name: 'Avery Brooks', email: 'avery@example.com', phone: '+14045550123' }, serviceType: 'Deep Clean', address: '12 Peachtree St NE, Atlanta, GA 30303',
  scheduledAt: '2026-12-08T14:00:00.000Z', durationMinutes: 120, visitOutcome: 'done', preferredDate: null, timeOfDay: null, stageId: STAGE.CLEANING_DONE, stageLabel: 'Cleaning Done',
  cleaner: 'Aisha Cleaner', cleanerId: 'o1', invoiceStatus: null, amount: null, amountCents: null, createdAt: '2026-12-01T15:00:00.000Z', hubspotUrl: null, version: null,
};
const unhappy: StaffRequest = {
  id: 't1', kind: 'unhappy', createdAt: '2026-12-09T14:00:00.000Z', deal, reason: 'Rated 2 out of 5 by text: "2"', changeType: null, requestedDate: null, hubspotUrl: null, photos: 0, answerable: null,
};
const empty = { count: 0, items: [] };
const board = (over: Partial<TodayBoard>): TodayBoard => ({
  generatedAt: NOW,
  today: { date: '2026-12-09', cleanings: [] },
  tomorrow: { date: '2026-12-10', cleanings: [] },
  earlier: { count: 0, cleanings: [] },
  unhappy: empty,
  newBookings: empty,
  openChanges: empty,
  unassigned: empty,
  unpaid: empty,
  plans: empty,
  paidElsewhere: empty,
  conversations: empty,
  ratings: { average: null, count: 0, cleaners: [] },
  sync: { outboxPending: 0, outboxOldestAgeSeconds: 0, failedJobs: 0, lastPullAt: null, crmReady: true },
  texts: { kinds: [], optedOut: 0 },
  ...over,
});
const render = (b: TodayBoard) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Board board={b} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the today board: ratings', () => {
  it('lists unhappy customers first, linked to them all on the requests page', () => {
    const html = render(board({ unhappy: { count: 1, items: [unhappy] } }));
    const headings = [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]);
    expect(headings[0]).toBe('board-unhappy');
    expect(html).toContain('<h2 id="board-unhappy">Unhappy customers <span class="board-count">1</span></h2>');
    expect(html).toContain('Unhappy customer</span>');
    expect(html).toContain('Rated 2 out of 5 by text: &quot;2&quot;');
    expect(html).toMatch(/<a href="\/admin\/requests\?kind=unhappy"[^>]*>All unhappy customers<\/a>/);
    // Nothing to approve or decline on the board.
    expect(html).not.toContain('Answer the');
  });

  it("says how many photos a re-clean claim carries, and where they are", () => {
    const claim: StaffRequest = { ...unhappy, id: 't2', kind: 'reclean', reason: 'The oven was not cleaned', photos: 2 };
    expect(render(board({ openChanges: { count: 1, items: [claim] } }))).toContain('2 photos from the customer, on the ticket in HubSpot');
    expect(render(board({ openChanges: { count: 1, items: [{ ...claim, photos: 1 }] } }))).toContain('1 photo from the customer, on the ticket in HubSpot');
    expect(render(board({ openChanges: { count: 1, items: [{ ...claim, photos: 0 }] } }))).not.toContain('from the customer, on the ticket');
  });

  it('names days as "Tue, Dec 8" on its requests', () => {
    const change: StaffRequest = { ...unhappy, id: 't3', kind: 'reschedule', reason: 'Out of town', changeType: 'Reschedule to another day', requestedDate: '2026-12-15' };
    const html = render(board({ openChanges: { count: 1, items: [change] } }));
    expect(html).toContain('Deep Clean · Tue, Dec 8, 9:00 AM ET · 12 Peachtree St NE');
    expect(html).toContain('Asks for Tue, Dec 15');
    const asked = { ...change, deal: { ...deal, scheduledAt: null, preferredDate: '2026-12-14', timeOfDay: 'Morning' } };
    expect(render(board({ openChanges: { count: 1, items: [asked] } }))).toContain('asked for Mon, Dec 14, Morning');
  });

  it('says when nobody is unhappy and no rating came in', () => {
    const html = render(board({}));
    expect(html).toContain('No customer rated a cleaning 1 to 3.');
    expect(html).toContain('<h2 id="board-ratings">Ratings (30 days)</h2><p class="muted">No ratings in the last 30 days.</p>');
  });

  it('shows the 30-day average and count, overall and per cleaner', () => {
    const html = render(
      board({
        ratings: {
          average: 3.7,
          count: 3,
          cleaners: [
            { id: 'o1', name: 'Aisha Cleaner', average: 4.5, count: 2 },
            { id: 'o2', name: 'James Cleaner', average: 2, count: 1 },
          ],
        },
      }),
    );
    expect(html).toContain('Average <strong>3.7 out of 5</strong> from 3 ratings.');
    expect(html).toContain('aria-label="Ratings by cleaner (30 days)"');
    expect(html).toMatch(/<th scope="row">Aisha Cleaner<\/th><td data-label="Average">4.5 out of 5<\/td><td data-label="Ratings">2<\/td>/);
    expect(html).toMatch(/<th scope="row">James Cleaner<\/th><td data-label="Average">2.0 out of 5<\/td><td data-label="Ratings">1<\/td>/);
  });
});

describe('the today board: nothing open slips away', () => {
  const late: BoardCleaning = {
    ...deal,
    id: 'd-late',
    scheduledAt: '2026-12-08T14:00:00.000Z',
    stageId: STAGE.CLEANING_SCHEDULED,
    stageLabel: 'Cleaning Scheduled',
    visitOutcome: null,
    visit: { state: 'late', stateLabel: 'Late', onMyWayAt: null, etaMinutes: null, arrival: null, startedAt: null, doneAt: null, startedWithDone: false },
  };

  it('keeps an earlier cleaning never closed out under "Earlier, still open", its day named, with its close-out', () => {
    const html = render(board({ earlier: { count: 1, cleanings: [late] } }));
    expect(html).toContain('<h2 id="board-earlier">Earlier, still open <span class="board-count">1</span></h2>');
    expect(html).toContain('<strong>Tue, Dec 8, 9:00 AM</strong>');
    expect(html).toContain('<p class="board-visit board-visit--late">Late</p>');
    expect(html).toMatch(/<div role="group" class="close-out" aria-label="Close out the cleaning">.*>Done<\/button>.*>No-show<\/button>.*>Canceled on the day<\/button>/);
    // All shown: no link to more of them.
    expect(html).not.toMatch(/id="board-earlier".*?Open the calendar.*?<\/section>/);
  });

  it('links to the calendar when there are more earlier cleanings than it shows', () => {
    const html = render(board({ earlier: { count: 12, cleanings: [late] } }));
    expect(html).toMatch(/id="board-earlier">Earlier, still open <span class="board-count">12<\/span>.*?Open the calendar<\/a><\/p><\/section>/);
  });

  it('folds empty sections into one "Nothing waiting" list, and leaves out an empty earlier section', () => {
    const html = render(board({}));
    const headings = [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]);
    expect(headings).toEqual(['board-quiet', 'board-ratings', 'board-sync', 'board-texts']);
    expect(html).toContain('<li data-section="board-unhappy"><strong>Unhappy customers</strong> <span class="muted">No customer rated a cleaning 1 to 3.</span></li>');
    expect(html).toContain('<strong>Today, Wednesday, December 9</strong> <span class="muted">No cleanings scheduled.</span>');
    expect(html).not.toContain('board-earlier');
  });

  it('puts the cleanings to act on in the main column, the rest beside them', () => {
    const today: BoardCleaning = { ...late, id: 'd-today', scheduledAt: '2026-12-09T15:00:00.000Z', visit: { ...late.visit, state: 'not_started', stateLabel: 'Not started' } };
    const html = render(board({ earlier: { count: 1, cleanings: [late] }, today: { date: '2026-12-09', cleanings: [today] }, unpaid: { count: 1, items: [deal] } }));
    const [main, side] = html.split('<div class="board-column">');
    expect(main).toContain('id="board-earlier"');
    expect(main).toContain('id="board-today"');
    expect(main!.indexOf('board-earlier')).toBeLessThan(main!.indexOf('board-today'));
    expect(side).toContain('id="board-unpaid"');
    expect(side).not.toContain('id="board-today"');
  });
});
