/** An outbox event as the relay claims it: written by the api with its request, dispatched by the worker. */
export interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
  /** Milliseconds since the event was committed, by the database's clock (set by the relay's claim). */
  ageMs?: number;
}
