import { COMPANY } from '../../../lib/company';
import { careerIcon, isOpenListing } from '@app/shared/career-listing';
import { useCareerListings } from '../api/get-career-listings';
import { CareerIcon } from './career-icon';

/** The open positions (docs/product.md §2 Careers): title, description, location, type, status and icon. */
export function CareerList() {
  const { data, isPending, isError } = useCareerListings();

  if (isPending) {
    return (
      <p className="page-loading careers-placeholder" aria-busy="true">
        Loading open positions…
      </p>
    );
  }
  if (isError) {
    return (
      <p className="alert careers-placeholder" role="alert">
        We couldn&apos;t load the open positions right now. Please try again later, or e-mail us at{' '}
        <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>.
      </p>
    );
  }
  if (data.length === 0) {
    return (
      <p className="careers-placeholder">
        There are no open positions right now. Check back soon, or send your details to{' '}
        <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>.
      </p>
    );
  }
  return (
    <ul className="card-list careers">
      {data.map((listing) => {
        const open = isOpenListing(listing);
        return (
          <li key={listing.title} className="card career">
            <div className="career__head">
              <span className="career__icon">
                <CareerIcon kind={careerIcon(listing)} />
              </span>
              <h2>{listing.title}</h2>
            </div>
            <p className="career__meta">
              <span className={open ? 'tag' : 'tag tag--muted'}>{listing.status}</span>
              <span>{listing.type}</span>
              <span>{listing.location}</span>
            </p>
            <p>{listing.description}</p>
            {open ? (
              <a href={`mailto:${COMPANY.email}?subject=${encodeURIComponent(`Application: ${listing.title}`)}`}>
                Apply by e-mail<span className="visually-hidden">: {listing.title}</span>
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
