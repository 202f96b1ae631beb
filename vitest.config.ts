import { defineConfig } from 'vitest/config';

// Two projects: fast pure unit tests, and integration tests that talk to the real
// Postgres and Redis (see test/global-setup.ts for the per-run database and queue prefix).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,api,worker,web,dev,prisma}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{api,worker,dev,prisma,test}/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
