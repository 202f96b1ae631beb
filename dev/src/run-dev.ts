/**
 * `npm run dev`: the whole product on one machine with nothing but Node.
 * - no DATABASE_URL → an embedded Postgres 18 in .data/postgres (migrated and seeded)
 * - no REDIS_URL → BullMQ keeps its queues in that Postgres
 * - then api, worker and the Vite dev server, with prefixed output; Ctrl-C stops all.
 */
import path from 'node:path';
import { parseEnv, ConfigError } from '@app/shared/parse-env';
import { closePrismaClient, createPrismaClient } from '@app/db/client';
import { migrateAndSeed } from './database';
import { hubspotCrm } from './demo/hubspot-crm';
import { DEMO_CLEANER, demoQuoteLines, seedDemo } from './demo/seed-demo';
import { demoWorkerGateway } from './demo/worker-gateway';
import type { DemoPerson } from './demo/demo-plan';
import { DEV_DATABASE } from '@app/db/dev-database';
import type { EmbeddedDatabase } from './embedded-postgres';
import { startPostgresProcess } from './embedded-postgres-process';
import { EMAIL_EVENTS_PATH, TWILIO_INBOUND_PATH } from '@app/shared/routes';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { startHubSpotEmulator } from '@app/emulators/hubspot/server';
import { formatReport, setUpCrmAccount } from '@app/worker/crm/account/setup-account';
import { createStageMap } from '@app/worker/crm/account/stage-map';
import { DEV_STAFF_EMAIL_DOMAIN, DEV_STAFF_IDENTITY, startOidcProvider } from '@app/emulators/oidc/provider';
import { startTwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { startMailEmulator } from '@app/emulators/mail/mail-emulator';
import { domainOf } from '@app/emulators/mail/smtp-rules';
import { COMPANY } from '@app/runtime/company';
import { senderAddress } from '@app/worker/email/email-env';
import { devConfigSchema } from './dev-config';
import { devProcessEnv, devWorkerEnv } from './dev-env';
import { waitForHttp } from './net';
import { startProcess, stopAll, type Managed } from './processes';
import { REPO_ROOT, bin } from './repo';

const say = (line: string) => console.log(`\x1b[1m[dev]\x1b[0m ${line}`);

async function main(): Promise<void> {
  const started = Date.now();
  const config = parseEnv(devConfigSchema, process.env);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startPostgresProcess(
      { dataDir: path.join(config.DEV_DATA_DIR, 'postgres'), port: config.DEV_PG_PORT, database: DEV_DATABASE.name },
      say,
    );
    databaseUrl = embedded.url;
    say(`embedded Postgres on 127.0.0.1:${config.DEV_PG_PORT}`);
  }
  await migrateAndSeed(databaseUrl);

  // Local stand-ins for HubSpot and Twilio, unless real credentials are configured.
  const hubspot = config.HUBSPOT_ACCESS_TOKEN
    ? undefined
    : await startHubSpotEmulator({
        port: config.HUBSPOT_EMULATOR_PORT,
        accessToken: EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN,
        stateFile: path.join(config.DEV_DATA_DIR, 'hubspot.json'),
        // A fresh account the first time, set up below by crm:setup's code as a real one would be.
        blank: true,
        // Search trails writes as HubSpot's does, so development meets the same delays.
        indexLagMs: 2_000,
      });
  // The emulator's account, set up the way `npm run crm:setup` sets up a real one (idempotent).
  const crmAccount = hubspot
    ? await setUpCrmAccount({ accessToken: EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN, basePath: hubspot.url, apply: true })
    : undefined;
  if (crmAccount) say(`HubSpot emulator account: ${crmAccount.ready ? 'set up' : `NOT ready\n${formatReport(crmAccount)}`}`);
  // The demo customer and deals live in the emulator like real CRM data; the worker pulls them in.
  let demoCustomer: DemoPerson | undefined;
  if (hubspot && crmAccount?.stageMap && config.DEMO_DATA === 'on') {
    const db = createPrismaClient(databaseUrl, { applicationName: 'demo-seed' });
    try {
      const crm = hubspotCrm(hubspot.url, EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN);
      const gateway = demoWorkerGateway(hubspot.url, EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN);
      const seeded = await seedDemo({ crm, db, gateway, stages: createStageMap(crmAccount.stageMap) });
      demoCustomer = seeded.plan.customer;
      for (const line of demoQuoteLines(seeded)) say(line);
    } finally {
      await closePrismaClient(db);
    }
  }
  const twilio = config.TWILIO_ACCOUNT_SID
    ? undefined
    : await startTwilioEmulator({
        port: config.TWILIO_EMULATOR_PORT,
        accountSid: EMULATOR_DEFAULTS.TWILIO_ACCOUNT_SID,
        authToken: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
        phoneNumber: EMULATOR_DEFAULTS.TWILIO_FROM,
        // Replies (STOP, START, HELP) go to the api this runner starts.
        webhookUrl: `http://127.0.0.1:${config.PORT}${TWILIO_INBOUND_PATH}`,
      });

  // E-mail: the local mail emulator (SMTP and the dev mail inbox), unless a provider is configured.
  const mailLogin = new URL(EMULATOR_DEFAULTS.EMAIL_SMTP_URL);
  const mailEmulator = config.EMAIL_SMTP_URL
    ? undefined
    : await startMailEmulator({
        smtpPort: config.MAIL_EMULATOR_SMTP_PORT,
        httpPort: config.MAIL_EMULATOR_PORT,
        username: decodeURIComponent(mailLogin.username),
        password: decodeURIComponent(mailLogin.password),
        verifiedDomains: [domainOf(senderAddress(process.env.EMAIL_FROM ?? COMPANY.email))],
        // Deliveries, bounces (bounce…@) and complaints (complain…@) go to the api this runner starts, signed with its key.
        webhook: { url: `http://127.0.0.1:${config.PORT}${EMAIL_EVENTS_PATH}`, signingKey: process.env.EMAIL_WEBHOOK_SIGNING_KEY || EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY },
      });
  const mail = mailEmulator && { smtpUrl: `smtp://${mailLogin.username}:${mailLogin.password}@${mailEmulator.smtpHost}:${mailEmulator.smtpPort}`, inboxUrl: mailEmulator.url };

  // Staff sign-in: the local OpenID provider, unless a real one is configured.
  const oidc = config.OIDC_CLIENT_ID ? undefined : await startOidcProvider({ port: config.OIDC_PROVIDER_PORT });

  const apiOrigin = `http://127.0.0.1:${config.PORT}`;
  const addresses = { databaseUrl, apiPort: config.PORT, webPort: config.WEB_PORT, hubspotUrl: hubspot?.url, twilioUrl: twilio?.url, mail, oidcUrl: oidc?.url };
  const env = devProcessEnv(process.env, addresses);
  const tsx = bin('tsx');
  const processes: Managed[] = [
    startProcess('api', tsx, ['watch', '--clear-screen=false', path.join(REPO_ROOT, 'api/src/main.ts')], env, 0),
    startProcess('worker', tsx, ['watch', '--clear-screen=false', path.join(REPO_ROOT, 'worker/src/main.ts')], devWorkerEnv(process.env, addresses), 1),
    startProcess('web', bin('vite'), ['--config', path.join(REPO_ROOT, 'web/vite.config.ts')], env, 2),
  ];

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await stopAll(processes, 15_000);
    await Promise.all([hubspot?.close(), twilio?.close(), mailEmulator?.close(), oidc?.close()]);
    await embedded?.stop();
    say('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  for (const p of processes) {
    void p.exited.then((code) => {
      if (!stopping) {
        say(`${p.name} exited with code ${code}; stopping everything`);
        void shutdown(1);
      }
    });
  }

  const webUrl = `http://127.0.0.1:${config.WEB_PORT}`;
  const [apiUp, webUp] = await Promise.all([waitForHttp(`${apiOrigin}/healthz`, 60_000), waitForHttp(webUrl, 60_000)]);
  if (!apiUp || !webUp) say('warning: not everything answered within 60 s; see the output above');
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  say(`  website      ${webUrl}`);
  say(`  api          ${apiOrigin}  (health ${apiOrigin}/healthz, readiness ${apiOrigin}/readyz)`);
  const dataDir = path.relative(REPO_ROOT, config.DEV_DATA_DIR) || '.';
  say(`  database     ${embedded ? `embedded Postgres (${path.join(dataDir, 'postgres')}): ${databaseUrl}` : 'DATABASE_URL'}`);
  say(`  queue        ${config.REDIS_URL ? 'Redis (REDIS_URL)' : 'Postgres (BullMQ Postgres backend, schema bullmq)'}`);
  say(`  hubspot      ${hubspot ? `emulator ${hubspot.url} (state in ${path.join(dataDir, 'hubspot.json')}; control API ${hubspot.url}/_emulator/)` : 'real HubSpot'}`);
  say(`  twilio       ${twilio ? `emulator ${twilio.url} (dev SMS inbox with login codes: ${twilio.url}/)` : 'real Twilio'}`);
  say(`  e-mail       ${mailEmulator ? `emulator SMTP ${mailEmulator.smtpHost}:${mailEmulator.smtpPort} (dev mail inbox: ${mailEmulator.url}/)` : 'EMAIL_SMTP_URL'}`);
  if (demoCustomer) {
    say(`  demo login   ${webUrl}/login  email ${demoCustomer.email}  phone ${demoCustomer.phone}`);
  }
  if (oidc) {
    say(`  staff login  ${webUrl}/admin/login signs in as ${DEV_STAFF_IDENTITY.email} (local OpenID provider ${oidc.url})`);
    say(`               another address: ${webUrl}/api/auth/google?login_hint=name@${DEV_STAFF_EMAIL_DOMAIN} (other domains are refused)`);
    if (demoCustomer) say(`  cleaner      ${webUrl}/api/auth/google?login_hint=${encodeURIComponent(DEMO_CLEANER.email)} (the demo cleaner: My day, no office page)`);
  } else {
    say(`  staff login  ${webUrl}/admin/login with the configured OpenID provider`);
  }
  say('Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
