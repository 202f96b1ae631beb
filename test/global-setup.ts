// Vitest globalSetup of the 'integration' project: one fresh database per run (see
// test/database.ts) and one queue prefix per run. Test files read both through `inject()`
// (test/context.ts, test/provided.d.ts).
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './database';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await createTestDatabase('it');
  project.provide('databaseUrl', database.url);
  project.provide('redisUrl', process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  project.provide('queuePrefix', `test-${database.name.slice('cleaning_test_it_'.length)}`);
  // DATABASE_URL itself is left alone on purpose: the e2e setup in the same run reads it as
  // the server to create its own database on.
  return () => database.drop();
}
