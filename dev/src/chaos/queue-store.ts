import { createQueueBackend, createQueues, createRedisConnection } from '@app/runtime/queue/connection';

/**
 * The dev's queue store: the keys under its QUEUE_PREFIX in Redis (BullMQ's queues, jobs and job
 * schedulers, and the HubSpot request budgets).
 */
export interface QueueStore {
  /** Whether anything lives under the prefix (a dev with this prefix has run). */
  inUse(): Promise<boolean>;
  /**
   * Deletes every key under the prefix at once (one script, so nothing slips in between), as a
   * FLUSHALL would for this dev. Not FLUSHALL itself: the same Redis may hold other prefixes
   * (test runs, other checkouts) whose data is not chaos's to lose. Returns how many went.
   */
  empty(): Promise<number>;
  /** The ids of the job schedulers (repeatable jobs) of every queue. */
  schedulerIds(): Promise<string[]>;
  /** How many workers (processes' BullMQ workers) are connected to the queue that has the fewest. */
  workers(): Promise<number>;
  close(): Promise<void>;
}

const EMPTY_SCRIPT = `
local keys = redis.call('KEYS', ARGV[1])
for i = 1, #keys, 500 do
  redis.call('UNLINK', unpack(keys, i, math.min(i + 499, #keys)))
end
return #keys`;

export function openQueueStore(redisUrl: string, prefix: string): QueueStore {
  const redis = createRedisConnection(redisUrl, 'worker');
  const backend = createQueueBackend({ redisUrl, databaseUrl: '', prefix });
  const queues = Object.values(createQueues(backend));
  // The prefix is letters, digits, '-' and '_' (envFields.queuePrefix): nothing a pattern would read as a wildcard.
  const pattern = `${prefix}:*`;
  return {
    async inUse() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        if (keys.length > 0) return true;
        cursor = next;
      } while (cursor !== '0');
      return false;
    },
    async empty() {
      return Number(await redis.eval(EMPTY_SCRIPT, 0, pattern));
    },
    async schedulerIds() {
      const lists = await Promise.all(queues.map((q) => q.getJobSchedulers()));
      return lists.flat().map((s) => s.key).sort();
    },
    async workers() {
      return Math.min(...(await Promise.all(queues.map((q) => q.getWorkersCount()))));
    },
    async close() {
      await Promise.all(queues.map((q) => q.close()));
      await backend.close();
      redis.disconnect();
    },
  };
}
