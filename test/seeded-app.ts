import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import { createPrismaClient, type Db } from '@app/db/client';
import { createLogger } from '@app/runtime/logger';
import { createApp } from '../api/src/app';
import { createOwnTestDatabase } from './context';

const log = createLogger({ service: 'seeded-app-test', level: 'silent', format: 'json' });

export interface SeededApp {
  db: Db;
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

/**
 * Some module routes over a freshly migrated and seeded database of their own, for tests that
 * assert the seed exactly while other tests change those rows in the shared database.
 */
export async function startOnSeededDatabase(label: string, routers: (db: Db) => Router[]): Promise<SeededApp> {
  const database = await createOwnTestDatabase(label);
  const db = createPrismaClient(database.url);
  const app = await createApp({ logger: log, bodyLimit: '100kb', readinessChecks: {}, routers: routers(db) });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    db,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await db.$disconnect();
      await database.drop();
    },
  };
}
