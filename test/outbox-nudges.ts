import { createLogger } from '@app/runtime/logger';
import { createOutboxNotifier, listenForOutboxNudges, type OutboxNotifier } from '@app/runtime/outbox/notifier';
import { createRedisConnection } from '@app/runtime/queue/connection';

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
  return {
    outbox: createOutboxNotifier({ redis, queuePrefix, log }),
    nudges: () => heard,
    close: async () => {
      redis.disconnect();
      await listener.close();
    },
  };
}
