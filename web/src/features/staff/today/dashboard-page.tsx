import { STAGE } from '@app/shared/deal-stages';
import { CLIENT_ROUTES, QUEUE_DASHBOARD_PATH } from '@app/shared/routes';
import type { BoardCleaning, BoardDeal, StaffRequest, TodayBoard } from '@app/shared/staff-board';
import { formatEasternDay } from '@app/shared/eastern-time';
import { VIEW_SCHEDULE } from '@app/shared/texts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageHead } from '../../../lib/head';
import { useTodayBoard } from './get-today-board';
import { BoardDealSummary } from '../common/board-deal';
import { CloseOut } from '../common/close-out';
import { seenOf } from '../common/seen-facts';
import { cleaningWhen, customerPath, easternClock, unknownNumberPath, waitedSince } from '../common/board-format';
import { formatUsPhone } from '@app/shared/phone';
import type { WaitingConversation } from '@app/shared/conversations';
import { RequestSummary } from '../common/request-summary';
import { ActionStatus } from '../common/action-status';
import { RequireStaff } from '../frame/require-staff';
import '../common/staff.css';
import '../common/staff-board.css';

/** A board section: a heading with its count, the first items, and where the rest are handled. Empty ones fold into "Nothing waiting". */
interface SectionProps {
  id: string;
  title: string;
  count: number;
  /** What the folded section says: nothing is waiting there. */
  empty: string;
  more?: { to: string; label: string } | undefined;
  /** In the board's main column (wide screens): what the office acts on first, the cleanings with their close-out. */
  main?: boolean;
  children: ReactNode;
}

function Section({ id, title, count, more, children }: Omit<SectionProps, 'main'>) {
  return (
    <section className="board-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="board-count">{count}</span>
      </h2>
      <ul className="board-list">{children}</ul>
      {more ? (
        <p className="board-more">
          <Link to={more.to}>{more.label}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** The sections with nothing in them, in one short list: they take no column of their own. */
function NothingWaiting({ sections }: { sections: readonly Pick<SectionProps, 'id' | 'title' | 'empty'>[] }) {
  if (sections.length === 0) return null;
  return (
    <section className="board-section board-quiet" aria-labelledby="board-quiet">
      <h2 id="board-quiet">Nothing waiting</h2>
      <ul className="board-quiet__list">
        {sections.map((s) => (
          <li key={s.id} data-section={s.id}>
            <strong>{s.title}</strong> <span className="muted">{s.empty}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const dayTitle = (label: string, date: string) => `${label}, ${new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })}`;

/** Today's and earlier days' scheduled cleanings can be closed out from the board: their day has come. */
const OPEN_TO_CLOSE = { allowed: true, reason: null };

/** An earlier cleaning's day and time: 'Tue, Dec 8, 10:00 AM'. */
const earlierWhen = (iso: string) => `${formatEasternDay(new Date(iso))}, ${easternClock(iso)}`;

function cleaningItems(cleanings: readonly BoardCleaning[], when: (iso: string) => string, onClosed: ((message: string) => void) | null) {
  return cleanings.map((deal) => (
    <li key={deal.id} data-deal-id={deal.id}>
      <p className={`board-visit board-visit--${deal.visit.state}`}>{deal.visit.stateLabel}</p>
      <BoardDealSummary deal={deal} when={when(deal.scheduledAt!)} />
      {onClosed && deal.stageId === STAGE.CLEANING_SCHEDULED ? (
        // Not keyed by the deal's version: a pull that moves it must not drop a close-out held for its undo.
        <CloseOut compact deal={{ id: deal.id, closeOut: OPEN_TO_CLOSE, customer: deal.customer, scheduledAt: deal.scheduledAt }} seen={seenOf(deal)} onSent={onClosed} />
      ) : null}
    </li>
  ));
}

const requestItems = (items: StaffRequest[], now: Date) =>
  items.map((request) => (
    <li key={request.id}>
      <RequestSummary request={request} now={now} />
    </li>
  ));

const dealItems = (items: BoardDeal[]) =>
  items.map((deal) => (
    <li key={deal.id}>
      <BoardDealSummary deal={deal} when={cleaningWhen(deal)} />
    </li>
  ));

/** A customer's text nobody has answered yet: who, how long they have waited, what they wrote. */
export function WaitingItem({ conversation, now }: { conversation: WaitingConversation; now: Date }) {
  const { customer, phone } = conversation;
  const who = customer ? customer.name : `Unknown number ${formatUsPhone(phone)}`;
  return (
    <li data-waiting-conversation="">
      <p>
        <Link to={customer ? customerPath(customer.id) : unknownNumberPath(phone)}>{who}</Link>{' '}
        <span className="muted">
          waiting {waitedSince(conversation.since, now)}
          {conversation.texts > 1 ? `, ${conversation.texts} texts` : ''}
        </span>
      </p>
      <p className="muted">“{conversation.latest}”</p>
    </li>
  );
}

function SyncHealth({ sync, now }: { sync: TodayBoard['sync']; now: Date }) {
  const problems = [
    sync.crmReady === false ? 'The HubSpot account is missing something the product needs (see /readyz).' : null,
    sync.failedJobs ? `${sync.failedJobs} background job${sync.failedJobs === 1 ? '' : 's'} failed.` : null,
    sync.outboxOldestAgeSeconds > 300 ? `Requests have waited ${waitedSince(new Date(now.getTime() - sync.outboxOldestAgeSeconds * 1000).toISOString(), now)} to reach the queue.` : null,
  ].filter((p): p is string => p !== null);
  return (
    <section className="board-section" aria-labelledby="board-sync">
      <h2 id="board-sync">Sync with HubSpot</h2>
      <p className={problems.length ? 'board-flag' : 'board-ok'}>{problems.length ? 'Needs attention' : 'Working'}</p>
      <dl className="board-facts">
        <dt>Waiting to sync</dt>
        <dd>{sync.outboxPending}</dd>
        <dt>Failed jobs</dt>
        <dd>{sync.failedJobs ?? 'unknown (the queue did not answer)'}</dd>
        <dt>Last update from HubSpot</dt>
        <dd>{sync.lastPullAt ? `${waitedSince(sync.lastPullAt, now)} ago` : 'none yet'}</dd>
      </dl>
      {problems.length ? (
        <ul className="board-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <p className="board-more">
        <a href={QUEUE_DASHBOARD_PATH}>Open the queues</a>
      </p>
    </section>
  );
}

/** The average as people say it: '4.6 out of 5'. */
const outOfFive = (average: number | null) => (average === null ? 'none yet' : `${average.toFixed(1)} out of 5`);

/** Ratings customers texted back in the last 30 days (docs/conversations.md#ratings): all, and each cleaner's. */
function Ratings({ ratings }: { ratings: TodayBoard['ratings'] }) {
  return (
    <section className="board-section" aria-labelledby="board-ratings">
      <h2 id="board-ratings">Ratings (30 days)</h2>
      {ratings.count === 0 ? (
        <p className="muted">No ratings in the last 30 days.</p>
      ) : (
        <>
          <p data-ratings-overall="">
            Average <strong>{outOfFive(ratings.average)}</strong> from {ratings.count === 1 ? '1 rating' : `${ratings.count} ratings`}.
          </p>
          {ratings.cleaners.length > 0 ? (
            <table className="admin-table" aria-label="Ratings by cleaner (30 days)">
              <thead>
                <tr>
                  <th scope="col">Cleaner</th>
                  <th scope="col">Average</th>
                  <th scope="col">Ratings</th>
                </tr>
              </thead>
              <tbody>
                {ratings.cleaners.map((c) => (
                  <tr key={c.id} data-cleaner-id={c.id}>
                    <th scope="row">{c.name}</th>
                    <td data-label="Average">{outOfFive(c.average)}</td>
                    <td data-label="Ratings">{c.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Customer texts of the last 7 days: what arrived, what is on its way, what did not, what was never sent. */
function CustomerTexts({ texts }: { texts: TodayBoard['texts'] }) {
  return (
    <section className="board-section" aria-labelledby="board-texts">
      <h2 id="board-texts">Customer texts (7 days)</h2>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Text</th>
            <th scope="col">Delivered</th>
            <th scope="col">On the way</th>
            <th scope="col">Not delivered</th>
            <th scope="col">Not sent</th>
          </tr>
        </thead>
        <tbody>
          {texts.kinds.map((k) => (
            <tr key={k.kind} data-kind={k.kind}>
              <th scope="row">{k.label}</th>
              <td data-label="Delivered">{k.delivered}</td>
              <td data-label="On the way">{k.pending}</td>
              <td data-label="Not delivered" className={k.failed ? 'board-flag' : undefined}>
                {k.failed}
              </td>
              <td data-label="Not sent">{k.canceled}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {texts.optedOut === 1 ? '1 phone has' : `${texts.optedOut} phones have`} opted out of texts (replied STOP).
      </p>
    </section>
  );
}

/** The board itself (exported for its test). */
export function Board({ board }: { board: TodayBoard }) {
  const now = new Date(board.generatedAt);
  // The last close-out sent from the board: its card leaves once HubSpot has it, the words stay.
  const [closed, setClosed] = useState<string | null>(null);
  const onClosed = (message: string) => setClosed(`${message}. Sent to HubSpot.`);
  const calendar = { to: CLIENT_ROUTES.adminScheduledSnapshot, label: 'Open the calendar' };
  const sections: SectionProps[] = [
    // First: a customer who rated a cleaning 1 to 3 is waiting for the office's call.
    {
      id: 'board-unhappy',
      title: 'Unhappy customers',
      count: board.unhappy.count,
      empty: 'No customer rated a cleaning 1 to 3.',
      more: { to: `${CLIENT_ROUTES.adminRequests}?kind=unhappy`, label: 'All unhappy customers' },
      main: true,
      children: requestItems(board.unhappy.items, now),
    },
    // Never closed out: kept, oldest first, until they are.
    {
      id: 'board-earlier',
      title: 'Earlier, still open',
      count: board.earlier.count,
      empty: 'Every earlier cleaning is closed out.',
      more: board.earlier.count > board.earlier.cleanings.length ? calendar : undefined,
      main: true,
      children: cleaningItems(board.earlier.cleanings, earlierWhen, onClosed),
    },
    { id: 'board-today', title: dayTitle('Today', board.today.date), count: board.today.cleanings.length, empty: 'No cleanings scheduled.', more: calendar, main: true, children: cleaningItems(board.today.cleanings, easternClock, onClosed) },
    { id: 'board-tomorrow', title: dayTitle('Tomorrow', board.tomorrow.date), count: board.tomorrow.cleanings.length, empty: 'No cleanings scheduled.', more: calendar, children: cleaningItems(board.tomorrow.cleanings, easternClock, null) },
    { id: 'board-bookings', title: 'New booking requests', count: board.newBookings.count, empty: 'No new requests.', more: { to: CLIENT_ROUTES.adminRequests, label: 'All requests' }, children: requestItems(board.newBookings.items, now) },
    {
      id: 'board-changes',
      title: 'Changes, cancellations and re-clean claims',
      count: board.openChanges.count,
      empty: 'No open change or cancel requests or re-clean claims.',
      more: { to: CLIENT_ROUTES.adminRequests, label: 'All requests' },
      children: requestItems(board.openChanges.items, now),
    },
    {
      id: 'board-conversations',
      title: 'Texts waiting for an answer',
      count: board.conversations.count,
      empty: 'Every customer’s text has an answer.',
      children: board.conversations.items.map((c) => <WaitingItem key={c.phone} conversation={c} now={now} />),
    },
    {
      id: 'board-unassigned',
      title: 'No cleaner yet (next 7 days)',
      count: board.unassigned.count,
      empty: 'Every cleaning of the week has a cleaner.',
      more: { to: CLIENT_ROUTES.cleanerRoster, label: 'Assign on the roster' },
      children: dealItems(board.unassigned.items),
    },
    { id: 'board-unpaid', title: 'Unpaid after the cleaning', count: board.unpaid.count, empty: 'No open invoices for past cleanings.', children: dealItems(board.unpaid.items) },
    {
      id: 'board-plans',
      title: 'Plans whose next visit needs you',
      count: board.plans.count,
      empty: 'Every plan’s next visit has a cleaner and a free slot.',
      more: { to: CLIENT_ROUTES.adminPlans, label: 'All plans' },
      children: dealItems(board.plans.items),
    },
    {
      id: 'board-paid-elsewhere',
      title: 'Paid, not moved on',
      count: board.paidElsewhere.count,
      empty: 'Every paid cleaning moved on to be scheduled.',
      children: dealItems(board.paidElsewhere.items),
    },
  ];
  // The earlier section says nothing when empty: there is nothing to fold.
  const quiet = sections.filter((s) => s.count === 0 && s.id !== 'board-earlier');
  const shown = (main: boolean) =>
    sections
      .filter((s) => s.count > 0 && Boolean(s.main) === main)
      .map(({ children, main: _main, ...s }) => (
        <Section key={s.id} {...s}>
          {children}
        </Section>
      ));
  return (
    <>
      <ActionStatus message={closed} />
      {/* Two columns on a wide screen: the cleanings to act on, and everything else beside them. */}
      <div className="board-grid">
        <div className="board-column board-column--main">
          {shown(true)}
          <NothingWaiting sections={quiet} />
        </div>
        <div className="board-column">
          {shown(false)}
          <Ratings ratings={board.ratings} />
          <SyncHealth sync={board.sync} now={now} />
          <CustomerTexts texts={board.texts} />
        </div>
      </div>
    </>
  );
}

// docs/product.md §2: the dashboard's cards (the staff navigation has them too).
const TOOLS = [
  { to: CLIENT_ROUTES.adminLookup, label: 'Customer Lookup', text: 'Find a customer by name, e-mail or phone.' },
  { to: CLIENT_ROUTES.adminInvites, label: 'Pre-Invites', text: 'Let a customer into the portal and text them.' },
  { to: CLIENT_ROUTES.sessionManager, label: 'Session Manager', text: 'Who is signed in; sign a session out.' },
  { to: CLIENT_ROUTES.cleanerRoster, label: 'Cleaner Roster', text: 'Who is assigned to which cleaning.' },
] as const;

function ToolCards() {
  return (
    <section className="board-tools" aria-labelledby="board-tools">
      <h2 id="board-tools">Tools</h2>
      <ul className="card-list">
        {TOOLS.map(({ to, label, text }) => (
          <li key={to} className="card">
            <h3>
              <Link to={to}>{label}</Link>
            </h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Today() {
  const board = useTodayBoard();
  return (
    <div className="container section">
      <h1>Today</h1>
      <p className="actions">
        <Link to={CLIENT_ROUTES.adminScheduledSnapshot} className="button">
          {VIEW_SCHEDULE}
        </Link>
      </p>
      {board.isPending ? (
        <p className="page-loading" role="status">
          Loading today’s board…
        </p>
      ) : board.isError && !board.data ? (
        <p className="alert" role="alert">
          The board could not be loaded just now. It tries again every minute.
        </p>
      ) : (
        <Board board={board.data} />
      )}
      {/* Below the board, so they come with it: drawn under the loading line, the board's arrival
          would push them down the page (on a phone by the board's whole height). */}
      {board.isPending ? null : <ToolCards />}
    </div>
  );
}

/** /admin/dashboard (docs/product.md §2): guarded; the staff's today board, from the mirror. */
export function DashboardPage() {
  usePageHead('Today', 'What needs doing today.');
  return (
    <RequireStaff>
      <Today />
    </RequireStaff>
  );
}
