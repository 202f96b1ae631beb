import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../repo';

/**
 * A worker process chaos starts itself, beside dev's: the only process chaos ever signals, and
 * only by its own PID. Run with `node --import tsx` (one process: a SIGKILL reaches the worker
 * itself, not a wrapper that would leave it running).
 */
export interface OwnWorker {
  pid: number;
  /** Resolves once the worker says it is ready; rejects if it exits first or takes over a minute. */
  ready: Promise<void>;
  exited: Promise<void>;
  /** Sends `signal` to this process, by its PID, if it is still running. */
  signal(signal: NodeJS.Signals): void;
  /** The end of its output, for a report when something went wrong. */
  lastLines(): string[];
}

const READY_LIMIT_MS = 60_000;
const STOP_LIMIT_MS = 40_000;
const started = new Set<ChildProcess>();

// A run that crashes must not leave its worker behind.
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export function startOwnWorker(env: NodeJS.ProcessEnv): OwnWorker {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'worker/src/main.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('could not start a worker');
  started.add(child);
  const lines: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => started.delete(child));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker chaos started did not get ready within ${READY_LIMIT_MS / 1000} s`)), READY_LIMIT_MS);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (lines.length > 40) lines.shift();
        if (line.includes('worker ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error('the worker chaos started exited before it was ready'));
    });
  });
  ready.catch(() => {});
  const pid = child.pid;
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, name);
  };
  return { pid, ready, exited, signal, lastLines: () => [...lines] };
}

/** SIGKILL: the worker dies where it stands, as in a crash or an out-of-memory kill. */
export async function killOwnWorker(worker: OwnWorker): Promise<void> {
  worker.signal('SIGKILL');
  await worker.exited;
}

/** SIGTERM, a graceful stop (running jobs finish); SIGKILL if it has not stopped after 40 s. */
export async function stopOwnWorker(worker: OwnWorker): Promise<void> {
  const timer = setTimeout(() => worker.signal('SIGKILL'), STOP_LIMIT_MS);
  worker.signal('SIGTERM');
  await worker.exited;
  clearTimeout(timer);
}
