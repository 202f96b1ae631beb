import { z } from 'zod';
import { createPrismaClient } from '@app/db/client';
import { ConfigError, envFields, parseEnv } from '@app/shared/parse-env';
import { saveAccountStatus } from './crm/account/account-status-repository';
import { formatReport, setUpCrmAccount } from './crm/account/setup-account';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';

/**
 * `npm run crm:setup [-- --check]`: makes a HubSpot account ready for the product (properties,
 * options, stages; see shared/src/crm-schema.ts) and prints what it found, created and could not
 * do. Idempotent. `--check` changes nothing. With DATABASE_URL it also stores the result (the
 * worker checks again at start anyway). Exit code 1 while something blocking remains.
 */
const env = parseEnv(
  z
    .object({
      NODE_ENV: envFields.nodeEnv,
      HUBSPOT_ACCESS_TOKEN: z.string().min(1).optional(),
      HUBSPOT_BASE_URL: z.url().optional(),
      HUBSPOT_DEAL_PIPELINE: z.string().min(1).default('default'),
      HUBSPOT_TICKET_PIPELINE: z.string().min(1).default('0'),
      DATABASE_URL: envFields.postgresUrl.optional(),
    })
    .superRefine((e, ctx) => {
      if (e.NODE_ENV === 'production' && !e.HUBSPOT_ACCESS_TOKEN) ctx.addIssue({ code: 'custom', path: ['HUBSPOT_ACCESS_TOKEN'], message: 'is required in production' });
    })
    .transform((e) =>
      e.NODE_ENV === 'production' || e.HUBSPOT_ACCESS_TOKEN
        ? e
        : { ...e, HUBSPOT_ACCESS_TOKEN: EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN, HUBSPOT_BASE_URL: e.HUBSPOT_BASE_URL ?? EMULATOR_DEFAULTS.HUBSPOT_BASE_URL },
    ),
  process.env,
);

const say = (text: string) => process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  say(`HubSpot account at ${env.HUBSPOT_BASE_URL ?? 'api.hubapi.com'}: ${check ? 'checking (no changes)' : 'setting up'}`);
  const report = await setUpCrmAccount({
    accessToken: env.HUBSPOT_ACCESS_TOKEN!,
    basePath: env.HUBSPOT_BASE_URL,
    apply: !check,
    dealPipelineId: env.HUBSPOT_DEAL_PIPELINE,
    ticketPipelineId: env.HUBSPOT_TICKET_PIPELINE,
  });
  say(formatReport(report));
  if (env.DATABASE_URL) {
    const db = createPrismaClient(env.DATABASE_URL, { applicationName: 'crm-setup' });
    try {
      await saveAccountStatus(db, report);
    } finally {
      await db.$disconnect();
    }
  }
  process.exitCode = report.ready ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
