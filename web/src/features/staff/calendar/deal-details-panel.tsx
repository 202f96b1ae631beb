import { formatCalendarDay, formatEastern } from '@app/shared/eastern-time';
import { invoiceStatusLabel } from '@app/shared/invoice';
import { REQUEST_KIND_LABELS, type DealDetails } from '@app/shared/staff-board';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { DealRequestFacts } from './deal-request-facts';
import { useDealDetails } from './get-deal-details';
import { useOwners } from '../common/get-owners';
import { CustomerLink, HubSpotLink } from '../common/board-deal';
import { cleaningPath, cleaningWhen, customerPath, requestWords } from '../common/board-format';
import { AssignmentStatus, CleanerSelect, useCleanerChoice } from '../common/cleaner-select';
import { DealMoves } from '../common/deal-moves';
import { AnswerStatus, RequestAnswer } from '../common/request-answer';
import { DealQuote } from '../common/deal-quote';
import { seenOf } from '../common/seen-facts';
import { DealPlan } from '../plans/deal-plan';
import { VisitReport } from './visit-report';

const CLEANER_FIELD_ID = 'deal-details-cleaner';

function Cleaner({ deal }: { deal: DealDetails }) {
  const owners = useOwners();
  const choice = useCleanerChoice(deal.id, deal.cleanerId);
  return (
    <>
      <dt>
        <label htmlFor={CLEANER_FIELD_ID}>Cleaner</label>
      </dt>
      <dd>
        <CleanerSelect id={CLEANER_FIELD_ID} choice={choice} ownerName={deal.cleaner} owners={owners.data ?? []} label="Cleaner" />{' '}
        <span aria-live="polite">
          <AssignmentStatus assign={choice.assign} />
        </span>
      </dd>
    </>
  );
}

/** What the product did about the invoice: made from the approved quote or the done visit, on its way, or refused. */
function madeInvoiceLine(made: NonNullable<DealDetails['madeInvoice']>): string {
  const from = made.source === 'visit' ? 'the done visit' : 'the approved quote';
  if (made.status === 'pending') return `Being made in HubSpot from ${from}.`;
  if (made.status === 'failed') return `HubSpot did not take the invoice made from ${from}: ${made.error ?? 'no reason given'}`;
  return `Made in HubSpot from ${from} on ${formatEastern(new Date(made.madeAt ?? made.createdAt))}.`;
}

function invoiceLine(deal: DealDetails): string {
  const status = invoiceStatusLabel(deal.invoiceStatus);
  if (!status) return 'No invoice yet';
  return [deal.invoice.number, status, deal.amount ? `$${deal.amount}` : null].filter(Boolean).join(' · ');
}

/** The customer's open change or cancel request or re-clean claim, answered here; or what became of the latest answer. */
function OpenRequest({ deal }: { deal: DealDetails }) {
  const latest = deal.commands[0];
  const request = deal.openRequest;
  const answer = latest?.kind === 'request-answer' && (!request || latest.changes.ticketId === request.id) ? latest : null;
  if (!request) return answer ? <AnswerStatus command={answer} /> : null;
  return (
    <>
      <h3 className="deal-details__request">{REQUEST_KIND_LABELS[request.kind]}</h3>
      <p className="board-item__reason">{requestWords(request) || 'No reason given'}</p>
      {request.requestedDate ? <p className="muted">Asked for {formatCalendarDay(request.requestedDate)}.</p> : null}
      <RequestAnswer request={request} seen={seenOf(deal)} scheduledAt={deal.scheduledAt} latest={answer} busy={latest?.status === 'pending' && !answer} />
    </>
  );
}

/** Everything about one cleaning and what the office can do with it: the panel's and the cleaning page's content. */
export function DealDetailsView({ deal }: { deal: DealDetails }) {
  return (
    <>
      <dl className="deal-details">
        <dt>When</dt>
        <dd>{cleaningWhen(deal)}</dd>
        <dt>Customer</dt>
        <dd>
          <CustomerLink deal={deal} />
          {deal.customer ? (
            <>
              <br />
              <a href={`mailto:${deal.customer.email}`}>{deal.customer.email}</a>
              {deal.customer.phone ? (
                <>
                  {' · '}
                  <a href={`tel:${deal.customer.phone}`}>{deal.customer.phone}</a>
                </>
              ) : null}
            </>
          ) : null}
        </dd>
        <dt>Address</dt>
        <dd>
          {deal.address ?? <span className="muted">No address</span>}
          {deal.mapUrl ? (
            <>
              {' · '}
              <a href={deal.mapUrl} target="_blank" rel="noopener noreferrer">
                Map<span className="visually-hidden"> of {deal.address} (opens in a new tab)</span>
              </a>
            </>
          ) : null}
        </dd>
        <dt>Service</dt>
        <dd>{deal.serviceType ?? 'Cleaning'}</dd>
        <dt>Stage</dt>
        <dd>{deal.stageLabel}</dd>
        {deal.toSettle.length > 0 ? (
          <>
            <dt>To settle</dt>
            <dd data-to-settle="">{deal.toSettle.join(' ')}</dd>
          </>
        ) : null}
        {deal.photos > 0 ? (
          <>
            <dt>Photos</dt>
            <dd>{deal.photos === 1 ? '1 photo' : `${deal.photos} photos`} from the cleaner, on the deal in HubSpot</dd>
          </>
        ) : null}
        <dt>Invoice</dt>
        <dd>
          {invoiceLine(deal)}
          {deal.invoice.url ? (
            <>
              {' · '}
              <a href={deal.invoice.url} target="_blank" rel="noopener noreferrer">
                View invoice<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </>
          ) : null}
          {deal.madeInvoice ? (
            <span className="deal-details__made-invoice" data-made-invoice={deal.madeInvoice.status}>
              {' '}
              {madeInvoiceLine(deal.madeInvoice)}
            </span>
          ) : null}
        </dd>
        <Cleaner deal={deal} />
      </dl>
      <DealRequestFacts deal={deal} />
      <VisitReport dealId={deal.id} />
      <OpenRequest deal={deal} />
      <DealQuote deal={deal} />
      <DealPlan deal={deal} />
      <DealMoves deal={deal} />
      <p className="deal-details__links">
        {deal.customer ? <Link to={customerPath(deal.customer.id)}>Customer page</Link> : null}
        <HubSpotLink url={deal.hubspotUrl} label="Open in HubSpot" />
      </p>
    </>
  );
}

/** The calendar's details panel for one cleaning: who, where, what, the invoice, its cleaner, its quote and its moves. */
export function DealDetailsPanel({ dealId, title, onClose }: { dealId: string; title: string; onClose: () => void }) {
  const details = useDealDetails(dealId);
  return (
    <Modal title={title} onClose={onClose} closeOnBackdrop busy={details.isPending}>
      {details.data ? <DealDetailsView deal={details.data} /> : null}
      {details.data ? (
        <p>
          <Link to={cleaningPath(dealId)}>Open as a page</Link>
        </p>
      ) : null}
      {details.isPending ? <p>Loading…</p> : null}
      {details.isError ? (
        <p className="alert" role="alert">
          This cleaning could not be loaded. It may have been deleted in HubSpot.
        </p>
      ) : null}
    </Modal>
  );
}
