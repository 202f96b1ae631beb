/**
 * Browser requests whose body is not JSON: a cleaner's photo is sent as the image's own bytes
 * (docs/cleaner-day.md#photos). They skip only the JSON-only rule and parser: the route reads and
 * caps the body itself. Session and origin checks apply as to every browser request.
 */
const RAW_BODY_PATHS: readonly RegExp[] = [/^\/api\/cleaner\/deals\/[^/]+\/photos$/];

export function isRawBodyPath(path: string): boolean {
  return RAW_BODY_PATHS.some((pattern) => pattern.test(path));
}
