import type { BoardDeal } from '@app/shared/staff-board';
import { Link } from 'react-router';
import { cleaningPath, customerPath } from './board-format';

/** The customer of a cleaning, linked to their page in the staff area. */
export function CustomerLink({ deal }: { deal: Pick<BoardDeal, 'customer'> }) {
  if (!deal.customer) return <span className="muted">No customer</span>;
  return <Link to={customerPath(deal.customer.id)}>{deal.customer.name}</Link>;
}

/** Opens the record in HubSpot (a new tab: the staff page stays open). */
export function HubSpotLink({ url, label = 'HubSpot' }: { url: string | null; label?: string }) {
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** One line of a cleaning: customer, service, address, cleaner, and where to handle it. */
export function BoardDealSummary({ deal, when }: { deal: BoardDeal; when: string }) {
  return (
    <div className="board-item">
      <p className="board-item__head">
        <strong>{when}</strong> · <CustomerLink deal={deal} />
      </p>
      <p className="board-item__meta">
        {[deal.serviceType ?? 'Cleaning', deal.address].filter(Boolean).join(' · ')}
        {' · '}
        {deal.cleaner ? `Cleaner: ${deal.cleaner}` : <span className="board-flag">No cleaner</span>}
      </p>
      <p className="board-item__links">
        <Link to={cleaningPath(deal.id)}>Open the cleaning</Link> <HubSpotLink url={deal.hubspotUrl} />
      </p>
    </div>
  );
}
