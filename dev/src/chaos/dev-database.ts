import pg from 'pg';
import { HELD_REASON } from '@app/worker/outbox/relay-repository';
import type { PlannedEmail } from './email-tally';

/** The dev's Postgres, as chaos faults and reads it. */
export interface DevDatabase {
  /**
   * Ends every other client connection to the database (pg_terminate_backend): what the api and
   * the worker see when Postgres restarts. Returns how many were ended.
   */
  terminateOthers(): Promise<number>;
  /** Outbox events written since `since`: still due, held while their provider is down, and handed to the queue. */
  outboxSince(since: Date): Promise<{ due: number; held: number; dispatched: number }>;
  /** How often the worker's reconciler dispatched events written since `since` again (their job had vanished from the queue). */
  redispatchedSince(since: Date): Promise<number>;
  /** The email_message rows of these deals (a fault's bookings). */
  emailsOf(dealIds: readonly string[]): Promise<PlannedEmail[]>;
  close(): Promise<void>;
}

export async function openDevDatabase(url: string): Promise<DevDatabase> {
  const client = new pg.Client({ connectionString: url, application_name: 'chaos' });
  await client.connect();
  return {
    async terminateOthers() {
      const { rows } = await client.query<{ ended: number }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS ended
         FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      return rows[0]?.ended ?? 0;
    },
    async outboxSince(since) {
      const { rows } = await client.query<{ due: number; held: number; dispatched: number }>(
        `SELECT count(*) FILTER (WHERE status = 'pending' AND last_error IS DISTINCT FROM $2)::int AS due,
                count(*) FILTER (WHERE status = 'pending' AND last_error = $2)::int AS held,
                count(*) FILTER (WHERE status = 'dispatched')::int AS dispatched
         FROM outbox_event WHERE created_at >= $1`,
        [since, HELD_REASON],
      );
      return rows[0] ?? { due: 0, held: 0, dispatched: 0 };
    },
    async redispatchedSince(since) {
      const { rows } = await client.query<{ n: number }>('SELECT coalesce(sum(redispatches), 0)::int AS n FROM outbox_event WHERE created_at >= $1', [since]);
      return rows[0]?.n ?? 0;
    },
    async emailsOf(dealIds) {
      if (dealIds.length === 0) return [];
      const { rows } = await client.query<{ id: string; dealId: string | null; purpose: string; status: string; createdAt: Date }>(
        `SELECT id::text, deal_id AS "dealId", purpose::text, status::text, created_at AS "createdAt" FROM email_message WHERE deal_id = ANY($1::text[])`,
        [dealIds],
      );
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
    },
    async close() {
      await client.end();
    },
  };
}
