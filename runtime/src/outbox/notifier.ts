import { Redis } from 'ioredis';
import type { Logger } from '../logger';

/**
 * How work starts at once without the API touching the queues: after a transaction with
 * outbox events commits, the API publishes a nudge on a Redis channel, and every relay
 * listening there runs a pass now instead of at its next poll. The relay stays the only
 * dispatcher (one path from outbox row to job, no second writer to mark rows), and the API
 * pays one tiny PUBLISH per burst of requests instead of adding jobs itself. A lost nudge (Redis
 * down, no relay listening) only means the event waits for the next poll.
 */
export interface OutboxNotifier {
  /** Says that outbox events were committed. Never throws, never waits. */
  notify(): void;
}

/** The channel of a queue prefix: relays of one deployment hear only their own API. */
export const outboxChannel = (queuePrefix: string) => `${queuePrefix}:outbox-committed`;

/** Without Redis there is nobody to nudge: relays find events at their next poll. */
export const SILENT_NOTIFIER: OutboxNotifier = { notify() {} };

/**
 * Nudges of one event-loop turn are sent as one: a busy API sends at most one PUBLISH per
 * turn, however many requests committed in it.
 */
export function createOutboxNotifier(options: { redis: Redis; queuePrefix: string; log: Logger }): OutboxNotifier {
  const { redis, log } = options;
  const channel = outboxChannel(options.queuePrefix);
  let scheduled = false;
  return {
    notify() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        redis.publish(channel, '').catch((error: unknown) => log.debug({ err: error }, 'outbox nudge not sent; relays will poll'));
      });
    },
  };
}

/**
 * Calls `onNudge` whenever the API says events were committed. Its own connection (a
 * subscribed Redis connection can do nothing else); it resubscribes after reconnecting.
 */
export function listenForOutboxNudges(options: { redisUrl: string; queuePrefix: string; log: Logger; onNudge: () => void }): {
  /** Settles once subscribed (or once subscribing failed: then the relay just polls). */
  ready: Promise<void>;
  close(): Promise<void>;
} {
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  subscriber.on('error', () => {
    /* reconnects by itself (and resubscribes); meanwhile the relay polls */
  });
  subscriber.on('message', () => options.onNudge());
  const ready = subscriber.subscribe(outboxChannel(options.queuePrefix)).then(
    () => undefined,
    (error: unknown) => options.log.warn({ err: error }, 'not listening for outbox nudges; the relay polls'),
  );
  return {
    ready,
    close: async () => {
      subscriber.disconnect();
    },
  };
}
