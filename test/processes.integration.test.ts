import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnTestDatabase, testRedisUrl, uniqueQueuePrefix } from './context';
import type { TestDatabase } from './database';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Run {
  code: number | null;
  output: string;
}

/** Starts an entry point; optionally sends SIGTERM once `readyText` appears in its output. */
function run(entry: string, env: Record<string, string>, options: { readyText?: string; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    // One plain node process (tsx as a loader, not its wrapper binary), so signals reach the entry point itself.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_FORMAT: 'json', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let signalled = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (options.readyText && !signalled && output.includes(options.readyText)) {
        signalled = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not finish in time. Output:\n${output}`));
    }, options.timeoutMs ?? 40_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('process start-up and shutdown', { timeout: 60_000 }, () => {
  // Its own database: a starting worker's relay dispatches every due outbox row it can see,
  // and the shared one holds rows other files are still looking at.
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createOwnTestDatabase('processes');
  }, 60_000);
  afterAll(() => database.drop());

  it.each(['api/src/main.ts', 'worker/src/main.ts'])('%s refuses a malformed DATABASE_URL, naming it', async (entry) => {
    const result = await run(entry, { DATABASE_URL: 'not-a-url' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid configuration:');
    expect(result.output).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('api refuses a missing DATABASE_URL and a bad PORT together', async () => {
    const result = await run('api/src/main.ts', { PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('DATABASE_URL');
    expect(result.output).toContain('PORT');
  });

  it('worker starts, then stops cleanly on SIGTERM', async () => {
    const result = await run(
      'worker/src/main.ts',
      { DATABASE_URL: database.url, REDIS_URL: testRedisUrl(), QUEUE_PREFIX: uniqueQueuePrefix('proc') },
      { readyText: 'worker ready' },
    );
    expect(result.output).toContain('worker stopping');
    expect(result.output).toContain('worker stopped');
    expect(result.code).toBe(0);
  });

  it('api starts, answers, then stops cleanly on SIGTERM', async () => {
    const result = await run(
      'api/src/main.ts',
      { DATABASE_URL: database.url, REDIS_URL: testRedisUrl(), QUEUE_PREFIX: uniqueQueuePrefix('proc'), PORT: '0' },
      { readyText: 'api listening' },
    );
    expect(result.output).toContain('api stopped');
    expect(result.code).toBe(0);
  });
});
