import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import type { OutboxRow } from '@app/runtime/outbox/outbox-row';

export interface NewSignup {
  zip: string;
  email: string;
  firstName: string;
  interest: string;
}

/**
 * Records a notify-me signup and its outbox event in one transaction. One row per e-mail
 * (unique index): signing up again with another zip, first name or interest updates the row
 * and queues another push (the job sends the row as it is then); signing up again with the
 * same answers changes nothing and queues nothing. created_at stays the first signup's time.
 * Returns the event to publish, or null when nothing changed.
 */
export async function upsertSignup(db: Db, s: NewSignup): Promise<{ event: OutboxRow | null }> {
  return db.$transaction(async (tx) => {
    // RETURNING only yields a row when the signup was inserted or changed.
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO notify_signup (id, zip, email, first_name, interest)
      VALUES (${randomUUID()}, ${s.zip}, ${s.email}, ${s.firstName}, ${s.interest})
      ON CONFLICT (email) DO UPDATE
        SET zip = EXCLUDED.zip, first_name = EXCLUDED.first_name, interest = EXCLUDED.interest, crm_synced_at = NULL
        WHERE (notify_signup.zip, notify_signup.first_name, notify_signup.interest)
              IS DISTINCT FROM (EXCLUDED.zip, EXCLUDED.first_name, EXCLUDED.interest)
      RETURNING id`;
    if (!row) return { event: null };
    const event = await tx.outboxEvent.create({
      data: outboxEvent('crm.record-signup', { signupId: row.id }, { aggregateId: row.id }),
      select: { id: true, type: true, payload: true },
    });
    return { event };
  });
}
