import { careerListingsSchema, type CareerListing } from '@app/shared/career-listing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const CAREER_LISTINGS_PATH = '/api/internal/admin/fetchCareerListings';

/** docs/product.md §7: GET /api/internal/admin/fetchCareerListings → array of career listings. */
export async function getCareerListings(signal?: AbortSignal): Promise<CareerListing[]> {
  return api.get(CAREER_LISTINGS_PATH, careerListingsSchema, { signal });
}

export const careerListingsQuery = queryOptions({
  queryKey: ['career-listings'],
  queryFn: ({ signal }) => getCareerListings(signal),
});

export function useCareerListings() {
  return useQuery(careerListingsQuery);
}
