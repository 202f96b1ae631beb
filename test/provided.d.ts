// Values the 'integration' project's globalSetup (test/global-setup.ts) hands to test files
// through `inject()`.
declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of this run's migrated and seeded database, which only serves as a template. */
    templateDatabase: string;
    /** Redis for BullMQ: REDIS_URL, else redis://127.0.0.1:6379. */
    redisUrl: string;
    /** Queue prefix unique to this run, e.g. 'test-m3x9k2ab12cd34'. */
    queuePrefix: string;
  }
}

export {};
