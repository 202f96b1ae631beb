/**
 * Browser requests whose body is not JSON: a cleaner's photo (docs/cleaner-day.md#photos) and a
 * customer's photo of a re-clean claim (docs/staff-actions.md#answering-a-re-clean-claim) are
 * sent as the image's own bytes, and so is a cleaner's photo's small copy for the office. They skip only the JSON-only rule and parser: the route reads
 * and caps the body itself. Session and origin checks apply as to every browser request.
 */
const RAW_BODY_PATHS: readonly RegExp[] = [
  /^\/api\/cleaner\/deals\/[^/]+\/photos$/,
  /^\/api\/cleaner\/deals\/[^/]+\/photos\/[^/]+\/thumbnail$/,
  /^\/api\/portal\/claims\/[^/]+\/photos$/,
];

export function isRawBodyPath(path: string): boolean {
  return RAW_BODY_PATHS.some((pattern) => pattern.test(path));
}
