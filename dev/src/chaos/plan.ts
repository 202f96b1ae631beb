/**
 * What `npm run chaos` sends and how long it waits: fixed, so that runs compare, and small
 * enough to stay inside the api's limits (see customers.ts for how they are kept).
 */
export const PLAN = {
  /** Per fault: public bookings, the change requests of signed-in customers, login-code requests. */
  bookings: 15,
  changeRequests: 5,
  loginCodes: 5,
  /** The requests of a fault go out over this long, evenly spread. */
  spreadMs: 12_000,
  /** A request not taken (2xx) within this long of its first attempt is given up: "not taken". */
  takeWithinMs: 90_000,
  /** A taken request that is not in HubSpot or Twilio this long after the fault ended (or after it was taken) is lost. */
  reachWithinMs: 180_000,
  /** How often HubSpot's and Twilio's emulators are read while waiting. */
  pollMs: 1_000,
  /** After the last fault, how long to keep looking for late second copies before the final count. */
  settleMs: 30_000,
  /** The whole run stops by itself after this long, whatever happened. */
  runLimitMs: 30 * 60_000,
} as const;
