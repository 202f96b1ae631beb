import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateAndSeed } from '../dev/src/database';

/** The server test databases are created on: DATABASE_URL (any database on it), else the local one. */
export function adminDatabaseUrl(): string {
  return process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl(), application_name: 'test-setup' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh database for one test run, migrated exactly like production (`migrate deploy`)
 * and seeded, so concurrent runs and developers' own data never meet. Given a `template` (a
 * database made by this function that nobody is connected to), the new one is a copy of it
 * instead: the same migrations and seed, in a fraction of the time.
 */
export async function createTestDatabase(label: string, options: { template?: string } = {}): Promise<TestDatabase> {
  const name = `cleaning_test_${label}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const { template } = options;
  await withAdmin((admin) =>
    admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}${template ? ` TEMPLATE ${admin.escapeIdentifier(template)}` : ''}`),
  );
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  // FORCE ends connections still open from the tests or from spawned api/worker processes.
  const drop = () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`)).then(() => {});
  if (template) return { name, url: url.toString(), drop };
  try {
    await migrateAndSeed(url.toString());
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, url: url.toString(), drop };
}

const TEMPLATE = Symbol.for('cleaning.test.seededTemplate');
type WithTemplate = typeof globalThis & { [TEMPLATE]?: Promise<TestDatabase> };

/**
 * The run's migrated and seeded database, made once per process and shared by the integration
 * and browser setups (both run in vitest's main process); they copy it and nobody connects to
 * it. Each setup's teardown may drop it: dropping is idempotent.
 */
export function seededTemplate(): Promise<TestDatabase> {
  const holder = globalThis as WithTemplate;
  holder[TEMPLATE] ??= createTestDatabase('tpl');
  return holder[TEMPLATE];
}
