import type { Db } from '@app/db/client';
import type { CareerListing } from '@app/shared/career-listing';
import { findCareerListings, type CareerListingRow } from './repository';

/** Spec §3: icon is 'Truck' or the default icon. */
function toListing(row: CareerListingRow): CareerListing {
  return {
    title: row.title,
    description: row.description,
    location: row.location,
    type: row.type,
    status: row.status,
    icon: row.icon === 'Truck' ? 'Truck' : 'default',
  };
}

/**
 * The public Careers page's listings: open and closed positions alike (the page shows each one's
 * status), and only the fields the page shows, never ids or timestamps.
 */
export async function listCareerListings(db: Db): Promise<CareerListing[]> {
  return (await findCareerListings(db)).map(toListing);
}
