import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { throwawaySecrets, waitUntil } from '../dev/src/net';
import { createQueueBackend, createQueues, type AnyQueue } from '@app/runtime/queue/connection';

/**
 * What the benchmarks share to run the built api and worker as `npm start` does, against their
 * own database and queue prefix, and to leave nothing behind in Redis afterwards.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/** Starts a bundle as `npm start` does (the bench scripts build the bundles first). */
export function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  return spawn(process.execPath, [...profile, '--enable-source-maps', path.join(ROOT, entry)], {
    cwd: ROOT,
    // PUBLIC_URL only names the site in links; the benchmarks sign no one in.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: 'https://localhost', ...throwawaySecrets(), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** SIGTERM to this child (the one we started), then waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Runs `use` with this run's queues, then closes them. */
export async function withQueues<T>(redisUrl: string, prefix: string, use: (queues: AnyQueue[]) => Promise<T>): Promise<T> {
  const backend = createQueueBackend({ redisUrl, databaseUrl: '', prefix });
  const queues = Object.values(createQueues(backend));
  try {
    return await use(queues);
  } finally {
    await Promise.all(queues.map((q) => q.close()));
    await backend.close();
  }
}

/** Waits until a BullMQ worker is connected to every queue: the worker process has finished starting. */
export async function waitForWorkers(redisUrl: string, prefix: string, timeoutMs: number): Promise<boolean> {
  return withQueues(redisUrl, prefix, (queues) =>
    waitUntil(async () => (await Promise.all(queues.map((q) => q.getWorkersCount()))).every((n) => n > 0), timeoutMs),
  );
}
