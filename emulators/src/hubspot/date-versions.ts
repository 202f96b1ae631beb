import { notFound } from './errors';

/**
 * HubSpot's date-based API versions (`/crm/associations/2026-09/...`, `/crm/objects/2026-03/...`)
 * that the emulator serves, next to the v3/v4 paths: the generally available ones. 2025-09 was
 * a beta, and `2026-09-beta` is a separate beta track; HubSpot's spec collection publishes each.
 */
export const DATE_VERSIONS = ['2026-03', '2026-09'] as const;
export type DateVersion = (typeof DATE_VERSIONS)[number];

/** A path segment shaped like a date version (whether served or not). */
export const looksLikeDateVersion = (segment: string): boolean => /^\d{4}-\d{2}(-beta)?$/.test(segment);

/** The version of a path, or 404 as for any path HubSpot does not serve. */
export function dateVersion(segment: string, method: string, pathname: string): DateVersion {
  const version = DATE_VERSIONS.find((v) => v === segment);
  if (!version) throw notFound(`No route for ${method} ${pathname}`);
  return version;
}
