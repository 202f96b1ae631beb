import { defineConfig } from 'vitest/config';
import { companyConfig } from './web/vite-plugin-company.ts';
import { imagery } from './web/vite-plugin-imagery.ts';

const INTEGRATION_WORKERS = 3;
const E2E_WORKERS = 4;

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
          // Files wait far more than they compute (HubSpot's budgets, poll intervals, processes
          // starting): three at a time keep two cores busy. Each worker has its own database
          // (test/context.ts) and each file its own queue prefix, so files never meet.
          maxWorkers: INTEGRATION_WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/tests/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          // One Chromium per file. The files mostly wait on the system they drive (texts, pulls,
          // the worker), so four at once share two cores well.
          maxWorkers: E2E_WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
