// `npm run demo:seed`: sets up the HubSpot emulator's account as `npm run crm:setup` would and
// writes the demo customer, deals, invoices and quote into it, as `npm run dev` does at start
// (idempotent; docker compose runs it once before the api and worker). Only ever against the
// emulator: it refuses production and any real HubSpot token.
import { z } from 'zod';
import { closePrismaClient, createPrismaClient } from '@app/db/client';
import { ConfigError, envFields, parseEnv } from '@app/shared/parse-env';
import { formatReport, setUpCrmAccount } from '@app/worker/crm/account/setup-account';
import { createStageMap } from '@app/worker/crm/account/stage-map';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { hubspotCrm } from './hubspot-crm';
import { demoQuoteLines, seedDemo } from './seed-demo';
import { demoWorkerGateway } from './worker-gateway';

const env = parseEnv(
  z.object({
    NODE_ENV: z.enum(['development', 'test']).default('development'),
    DATABASE_URL: envFields.postgresUrl,
    HUBSPOT_BASE_URL: z.url({ protocol: /^https?$/ }).default(EMULATOR_DEFAULTS.HUBSPOT_BASE_URL),
    HUBSPOT_ACCESS_TOKEN: z.literal(EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN, { error: 'demo data goes only into the emulator (leave HUBSPOT_ACCESS_TOKEN unset)' }).default(EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN),
  }),
  process.env,
);

async function main(): Promise<void> {
  const account = await setUpCrmAccount({ accessToken: env.HUBSPOT_ACCESS_TOKEN, basePath: env.HUBSPOT_BASE_URL, apply: true });
  if (!account.ready || !account.stageMap) throw new Error(`the emulator's account is not ready:\n${formatReport(account)}`);
  const db = createPrismaClient(env.DATABASE_URL, { applicationName: 'demo-seed' });
  try {
    const crm = hubspotCrm(env.HUBSPOT_BASE_URL, env.HUBSPOT_ACCESS_TOKEN);
    const gateway = demoWorkerGateway(env.HUBSPOT_BASE_URL, env.HUBSPOT_ACCESS_TOKEN);
    const seeded = await seedDemo({ crm, db, gateway, stages: createStageMap(account.stageMap) });
    console.log(`demo data in the HubSpot emulator at ${env.HUBSPOT_BASE_URL}`);
    console.log(`  demo login: e-mail ${seeded.plan.customer.email}, phone ${seeded.plan.customer.phone}`);
    for (const line of demoQuoteLines(seeded)) console.log(`  ${line}`);
  } finally {
    await closePrismaClient(db);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
