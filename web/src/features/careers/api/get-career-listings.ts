import { careerListingsSchema, type CareerListing } from '@app/shared/career-listing';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const CAREER_LISTINGS_PATH = '/api/internal/admin/fetchCareerListings';

export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`GET ${CAREER_LISTINGS_PATH} answered ${status}`);
  }
}

/** docs/product.md §7: GET /api/internal/admin/fetchCareerListings → array of career listings. */
export async function getCareerListings(signal?: AbortSignal): Promise<CareerListing[]> {
  const response = await fetch(CAREER_LISTINGS_PATH, signal ? { signal } : {});
  if (!response.ok) throw new HttpError(response.status);
  return careerListingsSchema.parse(await response.json());
}

export const careerListingsQuery = queryOptions({
  queryKey: ['career-listings'],
  queryFn: ({ signal }) => getCareerListings(signal),
});

export function useCareerListings() {
  return useQuery(careerListingsQuery);
}
