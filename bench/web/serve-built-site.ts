import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, throwawaySecrets, waitUntil } from '../../dev/src/net';
import { createTestDatabase } from '../../test/database';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BuiltSite {
  url: string;
  /** The temporary database the API runs on (dropped by stop()). */
  databaseUrl: string;
  stop(): Promise<void>;
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
      ...throwawaySecrets(),
      PUBLIC_URL: 'https://localhost',
      // The portal benchmark signs in as if through the front (X-Forwarded-Proto: https), as the
      // production session cookie requires.
      TRUST_PROXY_HOPS: '1',
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
  const up = await waitUntil(async () => api.exitCode === null && (await fetch(`${url}/healthz`)).ok, 30_000);
  if (up) return { url, databaseUrl: database.url, stop };
  await stop();
  throw new Error(`The API did not start:\n${output}`);
}
