import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from '../test/database';

/**
 * Browser tests run against the production build: the bundled API (api/dist) serving the
 * built web app (web/dist), on its own database and queue prefix. `npm test` builds first.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API did not answer /healthz within 30 s:\n${output()}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const artefact of ['api/dist/main.js', 'web/dist/index.html']) {
    if (!existsSync(path.join(ROOT, artefact))) throw new Error(`${artefact} is missing: run \`npm run build\` first.`);
  }
  const database: TestDatabase = await createTestDatabase('e2e');
  const port = await freePort();
  let output = '';
  const api = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'api/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `e2e-${process.pid}`,
      WEB_DIST_DIR: path.join(ROOT, 'web/dist'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  api.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, api, () => output);
  } catch (error) {
    api.kill('SIGKILL');
    await database.drop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    if (api.exitCode === null) {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await database.drop();
  };
}
