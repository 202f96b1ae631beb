import type { QueueName } from '@app/runtime/queue/queues';

/**
 * What this worker process has seen of the providers behind its queues. A job that meets an
 * outage (ProviderUnavailableError) marks its queue down; any later job of that queue that
 * succeeds marks it up again. The relay holds a down queue's new events back in the outbox
 * (durable, counted in the backlog) instead of turning each into a job that can only wait,
 * and releases them when the queue is up again.
 *
 * "Down" lapses by itself `holdMs` after the last outage report: a process that stops seeing
 * failures (its probes are in long backoff, or another process ran them) lets events through
 * again, so a missed recovery costs at most that much delay, never a stuck event.
 */
export interface ProviderOutages {
  /** A job of this queue failed because its provider is unavailable. */
  reportOutage(queue: QueueName): void;
  /** A job of this queue succeeded. */
  reportSuccess(queue: QueueName): void;
  /** Queues whose new events are held now. */
  downQueues(): QueueName[];
  /** Called with a queue that was down when a job of it succeeds. */
  onRecovery(listener: (queue: QueueName) => void): void;
}

/** Long enough to span several outage probes (the queue is held OUTAGE_PAUSE_MS between them). */
export const OUTAGE_HOLD_MS = 30_000;

export function trackProviderOutages(options: { holdMs?: number; clock?: () => number } = {}): ProviderOutages {
  const { holdMs = OUTAGE_HOLD_MS, clock = Date.now } = options;
  /** When each queue last reported an outage with no success since. */
  const lastOutageAt = new Map<QueueName, number>();
  const listeners: ((queue: QueueName) => void)[] = [];
  const isDown = (queue: QueueName, now: number) => {
    const at = lastOutageAt.get(queue);
    return at !== undefined && now - at < holdMs;
  };
  return {
    reportOutage: (queue) => {
      lastOutageAt.set(queue, clock());
    },
    reportSuccess: (queue) => {
      const wasDown = isDown(queue, clock());
      lastOutageAt.delete(queue);
      if (wasDown) for (const listener of listeners) listener(queue);
    },
    downQueues: () => {
      const now = clock();
      return [...lastOutageAt.keys()].filter((queue) => isDown(queue, now));
    },
    onRecovery: (listener) => {
      listeners.push(listener);
    },
  };
}
