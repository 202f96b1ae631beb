import { z } from 'zod';

/** Career listing (§3), read from GET /api/internal/admin/fetchCareerListings. Not strict (read model). */
export const careerListingSchema = z.object({
  title: z.string(),
  description: z.string(),
  location: z.string(),
  type: z.string(),
  /** 'Open' or anything else (closed, paused...). */
  status: z.string(),
  /** 'Truck' or anything else, which shows the default icon. */
  icon: z.string().nullish(),
});
export type CareerListing = z.output<typeof careerListingSchema>;
export const careerListingsSchema = z.array(careerListingSchema);

export function isOpenListing(listing: Pick<CareerListing, 'status'>): boolean {
  return listing.status === 'Open';
}

export function careerIcon(listing: Pick<CareerListing, 'icon'>): 'truck' | 'default' {
  return listing.icon === 'Truck' ? 'truck' : 'default';
}
