import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnTestDatabase } from '../../test/context';
import type { TestDatabase } from '../../test/database';
import { createPrismaClient } from '@app/db/client';
import { findWaiting } from '@app/db/conversations';
import { DEMO_CUSTOMER } from './demo/demo-plan';
import { freePort, waitUntil } from './net';
import { REPO_ROOT } from './repo';

// `npm run dev` as a developer runs it (no Redis: the queues live in Postgres), on ports and a data
// folder of its own, against a database of its own so it leaves the developer's .data alone.
describe('npm run dev', { timeout: 150_000 }, () => {
  let database: TestDatabase;
  let dataDir: string;
  let runner: ChildProcess;
  let output = '';
  let exitCode: Promise<number | null>;
  const ports = { api: 0, web: 0, twilio: 0 };
  // The runner's own lines, without the bold it prints `[dev]` in.
  const runnerSaid = (text: string) => output.replaceAll('\u001b[1m', '').replaceAll('\u001b[0m', '').includes(`[dev] ${text}`);

  beforeAll(async () => {
    database = await createOwnTestDatabase('run_dev');
    dataDir = await mkdtemp(path.join(tmpdir(), 'run-dev-'));
    [ports.api, ports.web] = [await freePort(), await freePort()];
    const [hubspot, twilio, oidc, smtp, mailInbox] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    ports.twilio = twilio;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['REDIS_URL', 'HUBSPOT_ACCESS_TOKEN', 'TWILIO_ACCOUNT_SID', 'EMAIL_SMTP_URL', 'OIDC_CLIENT_ID', 'NODE_ENV']) delete env[name];
    // As the npm script starts it: node with tsx's loader, so SIGTERM reaches the runner itself
    // (tsx's own wrapper gives a busy child 60 ms to take a signal, then kills it).
    runner = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'dev/src/run-dev.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...env,
        DATABASE_URL: database.url,
        DEV_DATA_DIR: dataDir,
        PORT: String(ports.api),
        WEB_PORT: String(ports.web),
        HUBSPOT_EMULATOR_PORT: String(hubspot),
        TWILIO_EMULATOR_PORT: String(twilio),
        MAIL_EMULATOR_SMTP_PORT: String(smtp),
        MAIL_EMULATOR_PORT: String(mailInbox),
        OIDC_PROVIDER_PORT: String(oidc),
        QUEUE_PREFIX: `run-dev-${process.pid}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a failed test can take the runner and its children down.
      detached: true,
    });
    runner.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    runner.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exitCode = new Promise((resolve) => runner.once('exit', (code) => resolve(code)));
  });

  afterAll(async () => {
    if (runner.exitCode === null && runner.pid) {
      try {
        process.kill(-runner.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts the whole product, serves the site and the api through the web port, and stops on SIGTERM', async () => {
    // A runner that gave up (a port taken, a failed migration) ends the wait at once.
    await waitUntil(async () => runnerSaid('ready in') || runner.exitCode !== null, 120_000, 500);
    expect(runnerSaid('ready in'), output.slice(-3000)).toBe(true);
    const web = `http://127.0.0.1:${ports.web}`;

    const home = await fetch(`${web}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    // The dev server proxies the api, so sessions work as in production.
    const health = await fetch(`${web}/healthz`);
    expect(health.status).toBe(200);
    // Readiness gives each dependency 2 s; a machine busy with other tests can starve the fresh
    // processes' first checks, so the api has a little while to turn ready, as an orchestrator gives it.
    let lastReadiness = '';
    const ready = await waitUntil(async () => {
      const readiness = await fetch(`http://127.0.0.1:${ports.api}/readyz`);
      lastReadiness = `${readiness.status} ${await readiness.text()}`;
      return readiness.status === 200;
    }, 30_000, 1_000);
    expect(ready, lastReadiness).toBe(true);

    // The demo customer's conversation waits for an answer; the dev inbox's "Reply as a customer"
    // form posts to the emulator, which posts the text, signed, to the api's webhook: it reaches
    // the customer's thread.
    const replied = await fetch(`http://127.0.0.1:${ports.twilio}/_emulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: DEMO_CUSTOMER.phone, body: 'Is 10 still OK?' }),
    });
    expect(await replied.json()).toMatchObject({ webhook: { status: 200, error: null } });
    const db = createPrismaClient(database.url);
    try {
      const contact = await db.contact.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email }, select: { id: true } });
      expect(await db.inboundText.findFirst({ where: { body: 'Is 10 still OK?' }, select: { fromPhone: true, contactId: true } })).toEqual({ fromPhone: DEMO_CUSTOMER.phone, contactId: contact.id });
      expect((await findWaiting(db, { phone: DEMO_CUSTOMER.phone, limit: 1 })).rows).toEqual([expect.objectContaining({ texts: 2, latest: 'Is 10 still OK?' })]);
    } finally {
      await db.$disconnect();
    }

    runner.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    expect(runnerSaid('stopped')).toBe(true);
  });
});
