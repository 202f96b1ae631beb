import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createTestDatabase } from '../../test/database';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BuiltSite {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The production build as visitors get it: the bundled API (api/dist) serving web/dist, on a
 * temporary database (the Careers page reads its listings from the API). Nothing is built here.
 * stop() ends the API and drops the database.
 */
export async function serveBuiltSite(): Promise<BuiltSite> {
  for (const artefact of ['api/dist/main.js', 'web/dist/index.html', 'web/dist/prerendered/index.html']) {
    if (!existsSync(path.join(ROOT, artefact))) throw new Error(`${artefact} is missing: run \`npm run build\` first.`);
  }
  const database = await createTestDatabase('bench_web');
  const port = await freePort();
  let output = '';
  const api = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `bench-web-${process.pid}`,
      WEB_DIST_DIR: path.join(ROOT, 'web/dist'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  api.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (api.exitCode === null && api.signalCode === null) {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await database.drop();
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) break;
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) return { url, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`The API did not start:\n${output}`);
}
