/**
 * "The database is not there right now": Postgres restarting, unreachable, refusing connections
 * or out of them, or a connection lost mid-query. The api answers these with 503 and
 * Retry-After instead of a 500: nothing about the request was wrong, and sent again a little
 * later it will work. One list, for every way the same condition reaches us:
 * - from node-postgres (the booking insert uses its pool directly): a socket error code, a
 *   server error whose SQLSTATE says so, or one of its own messages, which carry no code;
 * - from Prisma over the pg driver adapter: a known request error with a connection code
 *   (P1001 and friends), or, for raw queries, P2010 wrapping the adapter's error, whose `kind`
 *   says what happened; and errors the adapter does not recognise come through unwrapped.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const e = pending.pop();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    if (looksUnavailable(e as Inspected)) return true;
    const { cause, meta } = e as Inspected;
    pending.push(cause, (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError);
  }
  return false;
}

interface Inspected {
  code?: unknown;
  errorCode?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: unknown;
}

/** Prisma: can't reach, timed out reaching, operation timed out, connection closed, pool timeout, too many connections. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** The pg driver adapter's error kinds (its `cause`) for the same conditions. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own, code-less errors: the server went away, or no connection could be had in time. */
const PG_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /connection error and is not queryable/];

/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (admin or crash shutdown, "the
 * database system is starting up"), 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

function looksUnavailable(e: Inspected): boolean {
  for (const code of [e.code, e.errorCode, e.originalCode]) {
    if (typeof code !== 'string') continue;
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || isUnavailableSqlState(code)) return true;
  }
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  return e.code === undefined && typeof e.message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(e.message as string));
}
