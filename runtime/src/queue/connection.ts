import {
  Queue,
  Worker,
  createPostgresBackend,
  withBackend,
  type IQueueBackend,
  type Processor,
  type QueueOptions,
  type WorkerOptions,
} from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAMES, type QueueName } from './queues';

/** Where BullMQ keeps its queues: Redis when configured, else our own Postgres (BullMQ's Postgres backend). */
export interface QueueBackendConfig {
  redisUrl?: string | undefined;
  databaseUrl: string;
  prefix: string;
  /**
   * 'worker' (default) waits out Redis outages, as BullMQ workers must. 'producer' (the API)
   * fails fast instead: a request must never hang on Redis, the outbox relay catches up later.
   */
  role?: 'worker' | 'producer';
}

export type QueueBackendKind = 'redis' | 'postgres';

/** Postgres schema that holds BullMQ's tables when there is no Redis; kept apart from Prisma's. */
const POSTGRES_QUEUE_SCHEMA = 'bullmq';

/* eslint-disable @typescript-eslint/no-explicit-any -- job data is typed per job by its zod schema, not here */
/** A queue or worker of either backend; callers never depend on which. */
export type AnyQueue = Queue<any, any, string, any, any, string, IQueueBackend, any>;
export type AnyWorker = Worker<any, any, string, IQueueBackend, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */
type QueueSettings = Omit<QueueOptions, 'connection' | 'prefix'>;
type WorkerSettings = Omit<WorkerOptions, 'connection' | 'prefix'>;

export interface QueueBackend {
  kind: QueueBackendKind;
  createQueue(name: string, options?: QueueSettings): AnyQueue;
  createWorker(name: string, processor: Processor, options?: WorkerSettings): AnyWorker;
  /** Closes the connections this backend opened itself. Queues and workers are closed by their owners. */
  close(): Promise<void>;
}

export function createQueueBackend(config: QueueBackendConfig): QueueBackend {
  return config.redisUrl
    ? redisBackend(config.redisUrl, config.prefix, config.role ?? 'worker')
    : postgresBackend(config.databaseUrl, config.prefix);
}

/**
 * A Redis connection for a role (see QueueBackendConfig.role). maxRetriesPerRequest: null is
 * what BullMQ requires for workers to survive Redis restarts; a producer fails fast instead.
 */
export function createRedisConnection(url: string, role: 'worker' | 'producer'): Redis {
  const connection = new Redis(
    url,
    role === 'worker' ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 },
  );
  connection.on('error', () => {
    /* reconnects by itself; callers see failures on their own commands */
  });
  return connection;
}

function redisBackend(url: string, prefix: string, role: 'worker' | 'producer'): QueueBackend {
  // One shared connection; BullMQ duplicates it for blocking worker commands.
  const connection = createRedisConnection(url, role);
  return {
    kind: 'redis',
    createQueue: (name, options) => quiet(new Queue(name, { ...options, connection, prefix })),
    createWorker: (name, processor, options) => new Worker(name, processor, { ...options, connection, prefix }),
    close: async () => {
      connection.disconnect();
    },
  };
}

function postgresBackend(databaseUrl: string, prefix: string): QueueBackend {
  const connection = { connectionString: databaseUrl, schema: POSTGRES_QUEUE_SCHEMA, migrate: true };
  const postgres = withBackend(createPostgresBackend);
  return {
    kind: 'postgres',
    createQueue: (name, options) => quiet(new postgres.Queue(name, { ...options, connection, prefix })),
    createWorker: (name, processor, options) => new postgres.Worker(name, processor, { ...options, connection, prefix }),
    close: async () => {},
  };
}

/**
 * Connection errors of a queue object also reject the call that hit them, where the caller
 * handles them; without a listener they would be printed to the console besides.
 */
function quiet<Q extends AnyQueue>(queue: Q): Q {
  queue.on('error', () => {});
  return queue;
}

/** One queue object per queue name, e.g. for producers that add to any of them. */
export function createQueues(backend: QueueBackend): Record<QueueName, AnyQueue> {
  return Object.fromEntries(QUEUE_NAMES.map((name) => [name, backend.createQueue(name)])) as Record<QueueName, AnyQueue>;
}

/** Cheap round trip to the queue store, for readiness checks. */
export async function pingQueue(queue: AnyQueue): Promise<void> {
  await queue.getJobCounts('waiting');
}
