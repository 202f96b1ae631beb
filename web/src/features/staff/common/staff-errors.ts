import { ApiError, isApiStatus } from '../../../lib/api-client';

/** 401/403 from a staff API: not signed in as staff (no session, or a customer's). */
export const isSignedOut = (error: unknown): boolean => isApiStatus(error, 401, 403);

/** The text to show for a failed change: the server's own message, else a generic one. */
export function failureText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
