// Vitest globalSetup of the 'integration' project: one fresh Postgres database per run (migrated
// with `prisma migrate deploy`, exactly like production, then seeded) and one queue prefix per run,
// so concurrent runs and developers' own data never meet. Test files read both through `inject()`
// (see test/context.ts and test/provided.d.ts).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { closePrismaClient, createPrismaClient } from '../prisma/client';
import { seed } from '../prisma/seed';

const ROOT = path.resolve(import.meta.dirname, '..');
const PRISMA = path.join(ROOT, 'node_modules', '.bin', 'prisma');
const PRISMA_CONFIG = path.join(ROOT, 'prisma', 'prisma.config.ts');

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'test-global-setup' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    // Pools of the tests or of spawned api/worker processes may still be open.
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
  });
}

async function migrate(databaseUrl: string): Promise<void> {
  try {
    await promisify(execFile)(PRISMA, ['migrate', 'deploy', '--config', PRISMA_CONFIG], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      timeout: 60_000,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`prisma migrate deploy failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The server to create the database on: DATABASE_URL (any database on it), else the local one.
  const adminUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const runId = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  const name = `cleaning_test_${runId}`;
  const queuePrefix = `test-${runId}`;

  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  try {
    await migrate(databaseUrl);
    const db = createPrismaClient(databaseUrl, { applicationName: 'test-global-setup' });
    try {
      await seed(db);
    } finally {
      await closePrismaClient(db);
    }
  } catch (error) {
    await dropDatabase(adminUrl, name);
    throw error;
  }

  project.provide('databaseUrl', databaseUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('queuePrefix', queuePrefix);
  // Also as environment variables (vitest workers inherit the environment of this process), for
  // code that cannot call inject(). DATABASE_URL itself is left alone on purpose: other projects'
  // setups in the same run (e2e) read it as the server to create their own database on.
  process.env.TEST_DATABASE_URL = databaseUrl;
  process.env.TEST_QUEUE_PREFIX = queuePrefix;

  return async () => {
    await dropDatabase(adminUrl, name);
  };
}
