import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * How long a test waits for a worker process to start (node, tsx transpiling the worker, its
 * first connections): seconds on a healthy machine, much longer on a starved one. Generous, as
 * a passing run never waits it out.
 */
export const PROCESS_START_MS = 60_000;

/** A worker running as a real process, its output kept for assertions. */
export interface WorkerChild {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * The workers a test file starts, each one plain node process (tsx as a loader) so a signal
 * reaches the worker itself; `stopAll` SIGKILLs whatever is still running, so no worker outlives
 * the test that started it, whatever its assertions did. Failed jobs retry after about 0.5 s
 * (JOB_RETRY_BASE_MS) unless a test says otherwise: the outages tests cause heal quickly.
 */
export function workerChildren() {
  const started: ChildProcess[] = [];
  return {
    start(env: Record<string, string>): WorkerChild {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'worker/src/main.ts')], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_FORMAT: 'json', JOB_RETRY_BASE_MS: '500', PROVIDER_OUTAGE_HOLD_MS: '5000', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.push(child);
      let output = '';
      child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { child, output: () => output, exited };
    },
    async stopAll(): Promise<void> {
      await Promise.all(
        started.splice(0).map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await exited;
        }),
      );
    },
  };
}
