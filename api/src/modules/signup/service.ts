import type { Db } from '@app/db/client';
import type { Subscribe } from '@app/shared/subscribe';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import { upsertSignup } from './repository';

/**
 * Records a validated notify-me signup (one per e-mail, see upsertSignup) and offers its push
 * to the queue at once (best effort; the relay guarantees it). HubSpot is never called here.
 */
export async function subscribe(deps: { db: Db; outbox: OutboxNotifier }, signup: Subscribe): Promise<void> {
  const { event } = await upsertSignup(deps.db, {
    zip: signup.zip,
    email: signup.email,
    firstName: signup.firstName,
    interest: signup.interest,
  });
  if (event) deps.outbox.notify();
}
