import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { EMAIL_EVENTS_PATH, TWILIO_INBOUND_PATH, TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { startHubSpotEmulator } from '@app/emulators/hubspot/server';
import { formatReport, setUpCrmAccount } from '../worker/src/crm/account/setup-account';
import { freePort, waitUntil } from '../dev/src/net';
import { startTwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { startMailEmulator } from '@app/emulators/mail/mail-emulator';
import { domainOf } from '@app/emulators/mail/smtp-rules';
import { COMPANY } from '@app/runtime/company';
import { DEV_STAFF_EMAIL_DOMAIN, startOidcProvider } from '@app/emulators/oidc/provider';
import { createTestDatabase, seededTemplate } from '../test/database';

/**
 * Browser tests run against the whole system as it ships: the bundled API (api/dist) serving the
 * built web app (web/dist) and the bundled worker (worker/dist), both on one fresh database and
 * queue prefix, with the worker talking to the HubSpot and Twilio emulators (started here, in
 * this process, on free ports). `npm test` builds first.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const READY_TIMEOUT_MS = 30_000;
// The schedule the portal pages rely on to see staff changes; short so tests need not wait long.
const CRM_PULL_INTERVAL_MS = 5_000;

interface Child {
  name: string;
  process: ChildProcess;
  output: () => string;
}

/** Polls `isReady` until it says yes; fails early (with the child's output) when the child exits. */
async function waitUntilReady(child: Child, isReady: () => Promise<boolean>): Promise<void> {
  const exited = () => child.process.exitCode !== null || child.process.signalCode !== null;
  const ready = await waitUntil(async () => exited() || (await isReady()), READY_TIMEOUT_MS);
  if (exited()) throw new Error(`${child.name} exited with ${child.process.exitCode ?? child.process.signalCode}:\n${child.output()}`);
  if (!ready) throw new Error(`${child.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${child.output()}`);
}

/** `node <script>` with its output kept (shown only when it fails to start). */
function startNode(name: string, script: string, env: NodeJS.ProcessEnv): Child {
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, script)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept bounded: a chatty process over a long run must not grow this without limit.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, process: child, output: () => output };
}

/** SIGTERM (graceful: the worker finishes its running jobs), SIGKILL if it is still there after 15 s. */
async function stop(child: Child): Promise<void> {
  const { process: p } = child;
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((resolve) => p.once('exit', resolve));
  p.kill('SIGTERM');
  const timer = setTimeout(() => p.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const artefact of ['api/dist/main.js', 'worker/dist/main.js', 'web/dist/index.html']) {
    if (!existsSync(path.join(ROOT, artefact))) throw new Error(`${artefact} is missing: run \`npm run build\` first.`);
  }
  const cleanups: Array<() => Promise<void>> = [];
  // Undone in reverse order of starting: processes first, then the emulators they call, then the database.
  const teardown = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error(error));
  };

  try {
    // A copy of the run's migrated and seeded database (the integration setup copies it too).
    const template = await seededTemplate();
    cleanups.push(() => template.drop());
    const database = await createTestDatabase('e2e', { template: template.name });
    cleanups.push(() => database.drop());

    // A fresh account, set up the way a real one is (npm run crm:setup), with three cleaners
    // added as users, as the company's admin would in HubSpot's settings.
    const hubspot = await startHubSpotEmulator({ port: 0, accessToken: EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN, blank: true });
    cleanups.push(() => hubspot.close());
    const account = await setUpCrmAccount({ accessToken: EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN, basePath: hubspot.url, apply: true });
    if (!account.ready || !account.stageMap) throw new Error(`crm:setup left the e2e account not ready:\n${formatReport(account)}`);
    for (const owner of SEED_OWNERS) hubspot.addOwner({ ...owner });
    const twilio = await startTwilioEmulator({
      port: 0,
      accountSid: EMULATOR_DEFAULTS.TWILIO_ACCOUNT_SID,
      authToken: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
      phoneNumber: EMULATOR_DEFAULTS.TWILIO_FROM,
    });
    cleanups.push(() => twilio.close());
    // E-mail: the mail emulator, taking the company's own sending domain (the worker's default sender).
    const mailLogin = { username: 'e2e-mail', password: 'e2e-mail-password' };
    const mail = await startMailEmulator({ ...mailLogin, verifiedDomains: [domainOf(COMPANY.email)] });
    cleanups.push(() => mail.close());
    // Staff sign-in: the local OpenID provider (choose who signs in with login_hint or its control API).
    const oidc = await startOidcProvider({ port: 0 });
    cleanups.push(() => oidc.close());

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // The emulator posts delivery reports here; the api checks their signatures against the same URL.
    const statusCallbackUrl = `${baseUrl}${TWILIO_STATUS_CALLBACK_PATH}`;
    // Customers' replies to our number (STOP, START, HELP) reach the api's webhook, signed.
    const inboundUrl = `${baseUrl}${TWILIO_INBOUND_PATH}`;
    twilio.setWebhookUrl(inboundUrl);
    // What became of each e-mail (delivered, bounce…@ bounced, complain…@ marked as spam) reaches the api's webhook, signed.
    mail.setWebhook({ url: `${baseUrl}${EMAIL_EVENTS_PATH}`, signingKey: EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY });
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `e2e-${process.pid}`,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // Whatever the hour the suite runs, for the api's texts (a staff reply, on my way) and the
      // worker's: quiet hours are tested with a fake clock (customer-notices.integration.test.ts).
      QUIET_HOURS: 'off',
    };

    const api = startNode('API', 'api/dist/main.js', {
      ...common,
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: path.join(ROOT, 'web/dist'),
      // A test file's browser is one client address: the per-address form limit stays on, with
      // room for a file's submissions in one window (rate-limit.integration.test.ts tests it).
      RATE_LIMIT_MAX: '200',
      // As behind the compose front: one trusted proxy. Each browser and HttpClient sends its own
      // address in X-Forwarded-For (src/client-address.ts), as the front would report real clients.
      TRUST_PROXY_HOPS: '1',
      // Staff pages link deals and tickets to this (fictitious) HubSpot account's records.
      HUBSPOT_ACCOUNT_ID: '1234567',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER_URL: oidc.url,
      STAFF_EMAIL_DOMAINS: DEV_STAFF_EMAIL_DOMAIN,
      TWILIO_AUTH_TOKEN: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
      TWILIO_STATUS_CALLBACK_URL: statusCallbackUrl,
      TWILIO_INBOUND_URL: inboundUrl,
      TWILIO_FROM: EMULATOR_DEFAULTS.TWILIO_FROM,
      EMAIL_WEBHOOK_SIGNING_KEY: EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY,
    });
    cleanups.push(() => stop(api));
    const worker = startNode('worker', 'worker/dist/main.js', {
      ...common,
      HUBSPOT_BASE_URL: hubspot.url,
      HUBSPOT_ACCESS_TOKEN: EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN,
      TWILIO_BASE_URL: twilio.url,
      TWILIO_ACCOUNT_SID: EMULATOR_DEFAULTS.TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
      TWILIO_FROM: EMULATOR_DEFAULTS.TWILIO_FROM,
      TWILIO_STATUS_CALLBACK_URL: statusCallbackUrl,
      EMAIL_SMTP_URL: `smtp://${mailLogin.username}:${mailLogin.password}@${mail.smtpHost}:${mail.smtpPort}`,
      EMAIL_SMTP_TLS_VERIFY: 'off',
      // The site the browsers open: the links the worker writes into texts (invitations, notices).
      PUBLIC_URL: baseUrl,
      CRM_PULL_INTERVAL_MS: String(CRM_PULL_INTERVAL_MS),
      // An outage a test causes heals within seconds, not the production backoff's minutes.
      JOB_RETRY_BASE_MS: '500',
      PROVIDER_OUTAGE_HOLD_MS: '5000',
      // A cleaning closed out as done is asked for its rating at once (the next-day timing: ratings.integration.test.ts).
      RATING_REQUEST_DELAY_MINUTES: '0',
      // An unpaid invoice is reminded 10 s after it opens (the days-past-due timing: notice-rules.test.ts).
      INVOICE_REMINDER_DELAY_SECONDS: '10',
    });
    cleanups.push(() => stop(worker));

    await Promise.all([
      waitUntilReady(api, async () => (await fetch(`${baseUrl}/healthz`)).ok),
      // The worker serves no HTTP; its "ready" log line comes once its queues run and signals are handled.
      waitUntilReady(worker, () => Promise.resolve(worker.output().includes('worker ready'))),
    ]);

    project.provide('baseUrl', baseUrl);
    project.provide('hubspotUrl', hubspot.url);
    project.provide('hubspotStages', account.stageMap);
    project.provide('twilioUrl', twilio.url);
    project.provide('mailUrl', mail.url);
    project.provide('crmPullIntervalMs', CRM_PULL_INTERVAL_MS);
    project.provide('oidcUrl', oidc.url);
    // The security tests look into the stores themselves (nothing written, no secret at rest).
    project.provide('databaseUrl', database.url);
    project.provide('redisUrl', common.REDIS_URL ?? '');
    project.provide('queuePrefix', common.QUEUE_PREFIX ?? '');
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
