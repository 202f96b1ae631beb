import { defineConfig } from 'vitest/config';
import { companyConfig } from './web/vite-plugin-company.ts';
import { imagery } from './web/vite-plugin-imagery.ts';
import LongestFirstSequencer from './test/sequencer.ts';

// Integration and browser files run side by side in one pool (projects of one group share its
// size): they mostly wait, on HubSpot's budgets, poll intervals, texts and processes starting.
// The unit files, which only compute, run before them on their own.
const SYSTEM_TEST_WORKERS = 4;

// Three projects: fast pure unit tests; integration tests that talk to the real
// Postgres and Redis (test/global-setup.ts: per-run database and queue prefix); and browser
// tests against the production build (e2e/global-setup.ts).
export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    // The longest files first, whatever their project (test/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        // Web modules read the company's identity and the imagery from virtual modules.
        plugins: [companyConfig(), imagery()],
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // Unit files share their workers' loaded modules: they keep no state between files, and a
          // fresh process per file tripled this project's time (most of it importing).
          isolate: false,
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
          // Each file has its own database and queue prefix, so files running side by side never meet.
          setupFiles: ['./test/file-database.ts'],
          // Files share their worker's loaded modules (the app's code is imported once per worker,
          // not once per file: the imports were a third of the suite's CPU). The database, the
          // queue prefix and the processes a file starts are its own, set up per file.
          isolate: false,
          maxWorkers: SYSTEM_TEST_WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 1 },
          include: ['e2e/tests/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          // One Chromium per file, all files driving the one system started by the global setup.
          maxWorkers: SYSTEM_TEST_WORKERS,
          // As the integration files: helpers loaded once per worker, the browser each file's own.
          isolate: false,
          // A page waits on the api like the browser's own waits do (vitest's default is 1 s).
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
