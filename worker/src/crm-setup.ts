import { Redis } from 'ioredis';
import { z } from 'zod';
import { createPrismaClient } from '@app/db/client';
import { ConfigError, envFields, parseEnv } from '@app/shared/parse-env';
import { saveAccountStatus } from './crm/account/account-status-repository';
import { formatReport, setUpCrmAccount } from './crm/account/setup-account';
import { withHubSpotUse } from './crm/daily-budget';
import { hubspotDailyEnv } from './crm/daily-env';
import { DEFAULT_SEARCH_LIMITS, redisHubSpotBudgets } from './crm/request-budget';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';

/**
 * `npm run crm:setup [-- --check]`: makes a HubSpot account ready for the product (properties,
 * options, stages; see shared/src/crm-schema.ts) and prints what it found, created and could not
 * do. Idempotent. `--check` changes nothing. With DATABASE_URL it also stores the result (the
 * worker checks again at start anyway). With REDIS_URL its requests count against the account's
 * day with the workers' (HUBSPOT_DAILY_LIMIT, docs/hubspot.md) and share their 10-second window.
 * Exit code 1 while something blocking remains.
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
      REDIS_URL: envFields.redisUrl.optional(),
      QUEUE_PREFIX: envFields.queuePrefix,
      ...hubspotDailyEnv,
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
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  const daily = { limit: env.HUBSPOT_DAILY_LIMIT, timeZone: env.HUBSPOT_TIME_ZONE, reservePercent: env.HUBSPOT_DAILY_RESERVE_PERCENT, sweepPerDay: 0 };
  const budget = redis ? redisHubSpotBudgets(redis, env.QUEUE_PREFIX, { request: { max: 90, windowMs: 10_000 }, search: DEFAULT_SEARCH_LIMITS }, daily).request : undefined;
  // A person's command: it may use the whole day, like a push.
  const report = await withHubSpotUse('push', () =>
    setUpCrmAccount({
      accessToken: env.HUBSPOT_ACCESS_TOKEN!,
      basePath: env.HUBSPOT_BASE_URL,
      apply: !check,
      dealPipelineId: env.HUBSPOT_DEAL_PIPELINE,
      ticketPipelineId: env.HUBSPOT_TICKET_PIPELINE,
      ...(budget ? { budget } : {}),
    }),
  ).finally(() => redis?.disconnect());
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
