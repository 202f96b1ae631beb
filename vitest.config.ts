import { defineConfig } from 'vitest/config';
import { companyConfig } from './web/vite-plugin-company.ts';
import { imagery } from './web/vite-plugin-imagery.ts';

// Three projects: fast pure unit tests; integration tests that talk to the real
// Postgres and Redis (test/global-setup.ts: per-run database and queue prefix); and browser
// tests against the production build (e2e/global-setup.ts).
export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        // Web modules read the company's identity and the imagery from virtual modules.
        plugins: [companyConfig(), imagery()],
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{shared,runtime,api,worker,web,dev,emulators,prisma}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['{runtime,api,worker,dev,emulators,prisma,test}/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The whole system (api, worker, emulators, two Chromiums) shares two cores here: a test
          // that loses a race once gets one more try. The report marks retried tests; fix the race
          // rather than lean on this (every race found so far was fixed in the test).
          retry: 1,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/tests/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          // One Chromium per file; two at once is plenty on a 2-core machine.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The whole system (api, worker, emulators, two Chromiums) shares two cores here: a test
          // that loses a race once gets one more try. The report marks retried tests; fix the race
          // rather than lean on this (every race found so far was fixed in the test).
          retry: 1,
        },
      },
    ],
  },
});
