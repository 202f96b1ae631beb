import { isAbort, isApiStatus } from '../../../lib/api-client';

/** No (longer a) customer session: the portal sends the visitor to /login. */
export const isUnauthorized = (error: unknown): boolean => isApiStatus(error, 401);

/**
 * docs/product.md §7/§8: a failed load of deals, details, tickets or the profile is only logged and the page
 * goes on with what it has. No session is not a failure to log: the page sends the visitor to /login.
 */
export async function loggedLoad<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isUnauthorized(error) && !isAbort(error)) console.error(`Could not load ${what}`, error);
    throw error;
  }
}
