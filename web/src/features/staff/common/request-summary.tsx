import { REQUEST_KIND_LABELS, type StaffRequest } from '@app/shared/staff-board';
import { formatCalendarDay } from '@app/shared/eastern-time';
import { Link } from 'react-router';
import { cleaningPath, cleaningWhen, requestWords, waitedSince } from './board-format';
import { CustomerLink, HubSpotLink } from './board-deal';

/** A customer's open request: what they asked, for which cleaning, and how long they have waited. */
export function RequestSummary({ request, now }: { request: StaffRequest; now: Date }) {
  const { deal } = request;
  return (
    <div className="board-item">
      <p className="board-item__head">
        <span className={`request-kind request-kind--${request.kind}`}>{REQUEST_KIND_LABELS[request.kind]}</span> · <CustomerLink deal={deal} />
        <span className="board-item__waited"> · waiting {waitedSince(request.createdAt, now)}</span>
      </p>
      <p className="board-item__meta">
        {deal.serviceType ?? 'Cleaning'} · {cleaningWhen(deal)}
        {deal.address ? ` · ${deal.address}` : ''}
      </p>
      {requestWords(request) ? <p className="board-item__reason">{requestWords(request)}</p> : null}
      {request.requestedDate ? <p className="board-item__meta">Asks for {formatCalendarDay(request.requestedDate)}</p> : null}
      {request.photos > 0 ? (
        <p className="board-item__meta">
          {request.photos === 1 ? '1 photo' : `${request.photos} photos`} from the customer, on the ticket in HubSpot
        </p>
      ) : null}
      <p className="board-item__links">
        <Link to={cleaningPath(deal.id)}>Open the cleaning</Link> <HubSpotLink url={request.hubspotUrl} />
      </p>
    </div>
  );
}
