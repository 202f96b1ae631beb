import { createLogger } from '@app/runtime/logger';
import { createOutboxNotifier, listenForOutboxNudges, type OutboxNotifier } from '@app/runtime/outbox/notifier';
import { createRedisConnection } from '@app/runtime/queue/connection';
import type { Redis } from 'ioredis';

const log = createLogger({ service: 'nudge-test', level: 'silent', format: 'json' });

/**
 * The API's outbox notifier for a test app, with a listener in place of the worker's relay:
 * test apps share the run's database, so no relay may claim their rows (other files' rows are
 * there too). Tests see that a request committed its outbox event and nudged the relays.
 */
export async function testOutboxNotifier(redisUrl: string, queuePrefix: string): Promise<{
  outbox: OutboxNotifier;
  /** Nudges heard so far. */
  nudges(): number;
  close(): Promise<void>;
}> {
  let heard = 0;
  const listener = listenForOutboxNudges({ redisUrl, queuePrefix, log, onNudge: () => heard++ });
  await listener.ready;
  const redis = createRedisConnection(redisUrl, 'producer');
  await untilReady(redis);
  return {
    outbox: createOutboxNotifier({ redis, queuePrefix, log }),
    nudges: () => heard,
    close: async () => {
      redis.disconnect();
      await listener.close();
    },
  };
}

/**
 * Waits until an API (producer) connection is connected. It has no offline queue, so a nudge
 * sent before is dropped, as it should be in production (the next poll finds the events), but
 * a test that counts nudges must not send one then.
 */
export async function untilReady(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
}
