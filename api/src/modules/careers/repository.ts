import type { Db } from '@app/db/client';

export interface CareerListingRow {
  title: string;
  description: string;
  location: string;
  type: string;
  status: 'Open' | 'Closed';
  icon: 'Default' | 'Truck';
}

/** Every career listing in the order the team set (sort_order), as plain objects. */
export async function findCareerListings(db: Db): Promise<CareerListingRow[]> {
  return db.careerListing.findMany({
    select: { title: true, description: true, location: true, type: true, status: true, icon: true },
    orderBy: [{ sortOrder: 'asc' }, { title: 'asc' }],
  });
}
