/**
 * Which HubSpot API version each call is made on, in one place (docs/hubspot.md, "API versions
 * and their support dates", has the table and the sources).
 *
 * HubSpot versions its APIs by date since March 2026 (`/crm/objects/2026-03/...`): a version
 * is generally available from its March or September release and supported for 18 months. The
 * numbered versions end sooner: v4 (associations) on 30 March 2027, v1 to v3 in September 2027.
 * So the associations read of every pull is made on the newest generally available date
 * version, as plain HTTP (hubspot-http.ts); the SDK keeps the v3 calls until their turn.
 */

/** The newest generally available date version (2026-09, released 8 September 2026). */
export const HUBSPOT_DATE_VERSION = '2026-09';

/** Paths of the calls made on the date version (relative to the API origin). */
export const HUBSPOT_DATE_PATHS = {
  /** Associations of up to 100 `from` records to `to` records; answers each record's associated ids. */
  associationsBatchRead: (from: string, to: string) => `/crm/associations/${HUBSPOT_DATE_VERSION}/${encodeURIComponent(from)}/${encodeURIComponent(to)}/batch/read`,
} as const;
