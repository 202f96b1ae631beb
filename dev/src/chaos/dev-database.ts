import pg from 'pg';
import { HELD_REASON } from '@app/worker/outbox/relay-repository';
import type { PlannedEmail } from './email-tally';

/** A recurring plan the plans fault makes (docs/recurring-plans.md): its customer's e-mail and its rule from its start. */
export interface ChaosPlan {
  email: string;
  frequency: string;
  weekday: number;
  nth: number | null;
  startTime: string;
  startDate: string;
}

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
  /** New recurring plans, each for a new customer of this run (the plans fault); their ids. */
  insertPlans(plans: readonly ChaosPlan[]): Promise<string[]>;
  /** The visits of these plans: made, in HubSpot (synced), and made twice (the same plan and date more than once). */
  planVisits(planIds: readonly string[]): Promise<{ made: number; synced: number; doubled: number }>;
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
    async insertPlans(plans) {
      const ids: string[] = [];
      for (const plan of plans) {
        const { rows } = await client.query<{ id: string }>(
          `WITH c AS (
             INSERT INTO contact (id, email, first_name, last_name, street, city, state, zip, updated_at)
             VALUES (gen_random_uuid()::text, $1, 'Plan', 'Chaos', '12 Peachtree St NE', 'Atlanta', 'GA', '30303', now()) RETURNING id
           )
           INSERT INTO recurring_plan (id, contact_id, street, city, state, zip, square_footage, service_type, visit_type, skus, amount_cents, first_visit_cents,
             frequency, weekday, nth, start_time, duration_minutes, start_date, created_by, updated_at)
           SELECT gen_random_uuid(), c.id, '12 Peachtree St NE', 'Atlanta', 'GA', '30303', 1500, 'Recurring Clean', 'basic', ARRAY['recurring-basic-1500'], 17900, 17900,
             $2, $3, $4, $5, 120, $6::date, 'chaos@example.com', now() FROM c
           RETURNING id::text`,
          [plan.email, plan.frequency, plan.weekday, plan.nth, plan.startTime, plan.startDate],
        );
        ids.push(rows[0]!.id);
      }
      return ids;
    },
    async planVisits(planIds) {
      const { rows } = await client.query<{ made: number; synced: number; doubled: number }>(
        `SELECT count(*)::int AS made, count(*) FILTER (WHERE crm_synced_at IS NOT NULL)::int AS synced,
                (SELECT count(*)::int FROM (SELECT 1 FROM deal WHERE plan_id = ANY($1::uuid[]) GROUP BY plan_id, plan_occurrence HAVING count(*) > 1) d) AS doubled
         FROM deal WHERE plan_id = ANY($1::uuid[])`,
        [planIds],
      );
      return rows[0] ?? { made: 0, synced: 0, doubled: 0 };
    },
    async close() {
      await client.end();
    },
  };
}
