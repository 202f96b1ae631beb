import type { Db } from '@app/db/client';
import type { CareerListing } from '@app/shared/career-listing';
import type { CareerCreateInput, CareerUpdateInput, managedCareerSchema } from '@app/shared/staff-admin';
import type { z } from 'zod';
import { errors } from '../../errors';
import { findCareerListings, findManagedCareers, insertCareer, updateCareer, type CareerListingRow, type ManagedCareerRow } from './repository';

/** docs/product.md §3: icon is 'Truck' or the default icon. */
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

/** A listing as staff manage it: the public fields plus its id and order. */
function toManaged(row: ManagedCareerRow): z.input<typeof managedCareerSchema> {
  return { id: row.id, ...toListing(row), sortOrder: row.sortOrder, updatedAt: row.updatedAt.toISOString() };
}

export async function listManagedCareers(db: Db) {
  return (await findManagedCareers(db)).map(toManaged);
}

export async function createCareer(db: Db, input: CareerCreateInput) {
  return toManaged(await insertCareer(db, input));
}

/** Edits a listing; `status: 'Closed'` closes it (the Careers page shows it as closed). */
export async function editCareer(db: Db, id: string, input: CareerUpdateInput) {
  const row = await updateCareer(db, id, input);
  if (!row) throw errors.notFound('We could not find that listing.');
  return toManaged(row);
}
