import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database';

let fileDatabaseUrl: string | undefined;

/** Called once per file by test/file-database.ts, before the file's own code runs. */
export function useFileDatabase(url: string): void {
  fileDatabaseUrl = url;
}

/** This file's own database: a copy of the run's migrated and seeded one (test/file-database.ts). */
export function testDatabaseUrl(): string {
  if (!fileDatabaseUrl) throw new Error('no database for this file: run it in the integration project');
  return fileDatabaseUrl;
}

/** One more database, migrated and seeded like the file's (a copy of the run's template). */
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
