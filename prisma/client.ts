// The one way the application opens the database: the generated Prisma client (query compiler,
// no native engine) over node-postgres through @prisma/adapter-pg. Only repositories in api/ and
// worker/ import this; everything else receives plain objects from them.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';

export type Db = PrismaClient;

/** Transaction client handed to `db.$transaction(async (tx) => ...)` callbacks. */
export type DbTransaction = Parameters<Parameters<Db['$transaction']>[0]>[0];

export interface CreatePrismaClientOptions {
  /** Upper bound of pooled connections (node-postgres `max`); pg's default is 10. */
  maxConnections?: number;
  /** Reported by Postgres in pg_stat_activity, e.g. 'api' or 'worker'. */
  applicationName?: string;
}

/**
 * Opens a client on `databaseUrl` (postgresql://...). Connections are made lazily by the pool.
 * Close it with `closePrismaClient(db)` (or `db.$disconnect()`) on shutdown.
 */
export function createPrismaClient(databaseUrl: string, options: CreatePrismaClientOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    ...(options.maxConnections !== undefined && { max: options.maxConnections }),
    ...(options.applicationName !== undefined && { application_name: options.applicationName }),
  });
  // An idle connection dropped by the server is discarded by the pool; without a listener the
  // 'error' event would end the process before Prisma has attached its own.
  pool.on('error', () => {});
  // The pool listens on idle connections only: one checked out (a transaction, the relay's
  // claim) that Postgres ends (a restart, pg_terminate_backend) would emit 'error' with nobody
  // listening and end the process. The query in flight fails by itself, and the pool drops a
  // connection that is no longer queryable when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The node-postgres pool under a client (the same connections Prisma uses). For the rare
 * statement so hot that Prisma's per-query work shows: the public booking insert runs as a
 * named prepared statement on it, about four times less CPU than through Prisma (see
 * bench/intake.ts). Repositories only; everything else goes through Prisma.
 */
export function sqlPool(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('sqlPool: this client was not made by createPrismaClient');
  return pool;
}

/** Ends the client's connection pool. Safe to call more than once. */
export async function closePrismaClient(db: Db): Promise<void> {
  await db.$disconnect();
}

// Prisma's namespace (error classes such as Prisma.PrismaClientKnownRequestError, input types).
// Row types and enums: import from '@app/db/generated/client' (e.g. `type Deal`, `OutboxStatus`).
export { Prisma } from './generated/client';
