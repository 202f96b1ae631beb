import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { throwawaySecrets, waitUntil } from '../dev/src/net';
import { createQueueBackend, createQueues, createRedisConnection, type AnyQueue } from '@app/runtime/queue/connection';

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

/** User plus system CPU time of a process so far, in ms (Linux /proc; the clock ticks are 100 a second). */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
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

/** Empties and removes this run's queues, then every other key under its prefix (the shared HubSpot budget). */
export async function dropQueues(redisUrl: string, prefix: string): Promise<void> {
  await withQueues(redisUrl, prefix, (queues) => Promise.all(queues.map((q) => q.obliterate({ force: true }))));
  const redis = createRedisConnection(redisUrl, 'worker');
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
