import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * The database of the worker running this file (test/global-setup.ts: a copy of the run's
 * migrated and seeded database per worker). Files of one worker run one after another and share
 * it; files running at the same time never do.
 */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length]!;
}

/** A database of the file's own, migrated and seeded like the run's (a copy of its template). */
export function createOwnTestDatabase(label: string): Promise<TestDatabase> {
  return createTestDatabase(label, { template: inject('templateDatabase') });
}

export function testRedisUrl(): string {
  return inject('redisUrl');
}

/** A queue prefix no other run or test file shares, so queues never see each other's jobs. */
export function uniqueQueuePrefix(label: string): string {
  return `${inject('queuePrefix')}-${label}-${randomBytes(3).toString('hex')}`;
}
