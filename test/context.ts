import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/** The per-run database created by test/global-setup.ts (migrated and seeded). */
export function testDatabaseUrl(): string {
  return inject('databaseUrl');
}

export function testRedisUrl(): string {
  return inject('redisUrl');
}

/** A queue prefix no other run or test file shares, so queues never see each other's jobs. */
export function uniqueQueuePrefix(label: string): string {
  return `${inject('queuePrefix')}-${label}-${randomBytes(3).toString('hex')}`;
}
