import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the closing count line `N passed, N failed` (plus skipped when any) after
 * vitest's own summary, so CI logs end with one plain, machine-readable verdict.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedTests++;
        else skipped++;
      }
      failed += failedTests;
      // A file can fail with no test failing: it did not load (syntax error), or a beforeAll hook
      // threw and its tests were skipped. Count such a file as one failure.
      if (module.state() === 'failed' && failedTests === 0) failed++;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
