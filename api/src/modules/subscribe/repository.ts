import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db/client';
import type { OutboxRow } from '@app/runtime/outbox/outbox-row';

export interface NewSignup {
  zip: string;
  email: string;
  firstName: string;
  interest: string;
}

/**
 * Records a notify-me signup and its outbox event in one statement. One row per e-mail
 * (unique index): signing up again with another zip, first name or interest updates the row
 * and queues another push (the job sends the row as it is then); signing up again with the
 * same answers changes nothing and queues nothing. created_at stays the first signup's time.
 * Returns the event to publish, or null when nothing changed.
 */
export async function upsertSignup(db: Db, s: NewSignup): Promise<{ event: OutboxRow | null }> {
  const eventId = randomUUID();
  // RETURNING only yields a row when the signup was inserted or changed.
  const rows = await db.$queryRaw<{ signup_id: string }[]>`
    WITH s AS (
      INSERT INTO notify_signup (id, zip, email, first_name, interest)
      VALUES (${randomUUID()}, ${s.zip}, ${s.email}, ${s.firstName}, ${s.interest})
      ON CONFLICT (email) DO UPDATE
        SET zip = EXCLUDED.zip, first_name = EXCLUDED.first_name, interest = EXCLUDED.interest, crm_synced_at = NULL
        WHERE (notify_signup.zip, notify_signup.first_name, notify_signup.interest)
              IS DISTINCT FROM (EXCLUDED.zip, EXCLUDED.first_name, EXCLUDED.interest)
      RETURNING id
    )
    INSERT INTO outbox_event (id, type, payload, aggregate_type, aggregate_id)
    SELECT ${eventId}::uuid, 'crm.record-signup', jsonb_build_object('signupId', s.id), 'notify_signup', s.id FROM s
    RETURNING aggregate_id AS signup_id`;
  const row = rows[0];
  return { event: row ? { id: eventId, type: 'crm.record-signup', payload: { signupId: row.signup_id } } : null };
}
