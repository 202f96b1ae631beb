// Vitest globalSetup of the 'integration' project: one database migrated and seeded per run
// (test/database.ts, shared with the browser tests' setup), kept as a template nobody connects
// to: each test file works on a copy of its own (test/file-database.ts). And one queue prefix per
// run. Test files read them through `inject()` (test/provided.d.ts).
import type { TestProject } from 'vitest/node';
import { seededTemplate } from './database';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await seededTemplate();
  project.provide('templateDatabase', template.name);
  project.provide('redisUrl', process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  project.provide('queuePrefix', `test-${template.name.slice('cleaning_test_tpl_'.length)}`);
  // DATABASE_URL itself is left alone on purpose: the e2e setup in the same run reads it as
  // the server to create its own database on.
  return () => template.drop();
}
