import { randomBytes } from 'node:crypto';
import type { Db } from '@app/db/client';
import type { CareerCreateInput, CareerUpdateInput } from '@app/shared/staff-admin';

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

export interface ManagedCareerRow extends CareerListingRow {
  id: string;
  slug: string;
  sortOrder: number;
  updatedAt: Date;
}
const managedSelect = {
  id: true,
  slug: true,
  title: true,
  description: true,
  location: true,
  type: true,
  status: true,
  icon: true,
  sortOrder: true,
  updatedAt: true,
} as const;

const dbIcon = (icon: 'Truck' | 'default' | undefined) => (icon === undefined ? undefined : icon === 'Truck' ? ('Truck' as const) : ('Default' as const));

/** Every listing with what staff need to edit it. */
export async function findManagedCareers(db: Db): Promise<ManagedCareerRow[]> {
  return db.careerListing.findMany({ select: managedSelect, orderBy: [{ sortOrder: 'asc' }, { title: 'asc' }] });
}

/** A new listing; its slug comes from the title plus a random suffix, so titles may repeat. */
export async function insertCareer(db: Db, input: CareerCreateInput): Promise<ManagedCareerRow> {
  const base = input.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'listing';
  return db.careerListing.create({
    data: { ...input, icon: dbIcon(input.icon) ?? 'Default', slug: `${base}-${randomBytes(3).toString('hex')}` },
    select: managedSelect,
  });
}

/** Changes the given fields; null when there is no such listing. */
export async function updateCareer(db: Db, id: string, input: CareerUpdateInput): Promise<ManagedCareerRow | null> {
  const { icon, ...rest } = input;
  const { count } = await db.careerListing.updateMany({ where: { id }, data: { ...rest, ...(icon ? { icon: dbIcon(icon) } : {}) } });
  return count === 0 ? null : db.careerListing.findUnique({ where: { id }, select: managedSelect });
}
