// Vitest globalSetup of the 'integration' project: one database migrated and seeded per run
// (test/database.ts), kept as a template nobody connects to; a copy of it for each worker, so
// files running at the same time never share a database (test/context.ts picks the worker's);
// and one queue prefix per run. Test files read them through `inject()` (test/provided.d.ts).
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './database';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createTestDatabase('it');
  const workers = typeof project.config.maxWorkers === 'number' ? project.config.maxWorkers : 1;
  const copies = await Promise.all(
    Array.from({ length: workers }, (_, i) => createTestDatabase(`it${i + 1}`, { template: template.name })),
  );
  project.provide('templateDatabase', template.name);
  project.provide('databaseUrls', copies.map((copy) => copy.url));
  project.provide('redisUrl', process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  project.provide('queuePrefix', `test-${template.name.slice('cleaning_test_it_'.length)}`);
  // DATABASE_URL itself is left alone on purpose: the e2e setup in the same run reads it as
  // the server to create its own database on.
  return async () => {
    await Promise.all(copies.map((copy) => copy.drop()));
    await template.drop();
  };
}
