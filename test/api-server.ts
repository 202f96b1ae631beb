import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrismaClient, type Db } from '@app/db/client';
import { createLogger, type Logger } from '@app/runtime/logger';
import { createQueueBackend, createQueues } from '@app/runtime/queue/connection';
import { createApp } from '../api/src/app';
import type { PublicPostSettings } from '../api/src/middleware/public-post';
import { pingDatabase } from '../api/src/modules/health/repository';
import { moduleRouters } from '../api/src/modules/registry';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from './context';
import { testOutboxNotifier } from './outbox-nudges';
import { testModuleDeps } from './module-deps';

const log = createLogger({ service: 'api-test', level: 'silent', format: 'json' });

export interface TestApiOptions {
  /** The app's clock for date rules. */
  now: () => Date;
  publicPosts?: PublicPostSettings;
  bodyLimit?: string;
  /** The database the app talks to; default the run's (the queue backend always uses the run's). */
  databaseUrl?: string;
  /** Default: silent. */
  logger?: Logger;
}

/**
 * The API's module routers in a real Koa app on a free port, over the run's database and a
 * Redis queue prefix of its own: what main.ts builds, minus process handling.
 */
export async function startTestApi(label: string, options: TestApiOptions) {
  const db: Db = createPrismaClient(options.databaseUrl ?? testDatabaseUrl());
  const prefix = uniqueQueuePrefix(label);
  const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix, role: 'producer' });
  const queues = createQueues(backend);
  const { outbox, nudges, close: closeNotifier } = await testOutboxNotifier(testRedisUrl(), prefix);
  const app = await createApp({
    logger: options.logger ?? log,
    bodyLimit: options.bodyLimit ?? '100kb',
    readinessChecks: { database: () => pingDatabase(db) },
    routers: moduleRouters(testModuleDeps({ db, outbox, now: options.now }, options.publicPosts ? { publicPosts: options.publicPosts } : {})),
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await Promise.all(Object.values(queues).map((q) => q.close()));
    await backend.close();
    await closeNotifier();
    await db.$disconnect();
  };
  return { url, db, queues, nudges, post, close };
}
export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** A random e-mail, so test files sharing the run's database never see each other's rows. */
export function uniqueEmail(label: string): string {
  return `${label}.${Math.random().toString(36).slice(2, 10)}@example.com`;
}
