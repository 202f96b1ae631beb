import { z } from 'zod';
import { closePrismaClient, createPrismaClient } from '@app/db/client';
import { ConfigError, envFields, parseEnv } from '@app/shared/parse-env';
import { resealAll } from './modules/home-profile/reseal';
import { DEV_HOME_SECRET_KEYS, keyringOf, parseKeyring } from './modules/home-profile/sealing';

/**
 * `npm run home-secrets:reseal` (the build: `node api/dist/home-secrets-reseal.js`): seals every
 * customer entry secret again under the first key of HOME_SECRET_KEYS, after a new key was put
 * first (docs/home-profile.md#rotating-the-key). Run it with the api's own environment. Prints
 * counts and the ids of secrets that did not open; exit code 1 if any did not.
 */
const schema = z
  .object({
    NODE_ENV: envFields.nodeEnv,
    DATABASE_URL: envFields.postgresUrl,
    HOME_SECRET_KEYS: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (!env.HOME_SECRET_KEYS) {
      if (env.NODE_ENV === 'production') ctx.addIssue({ code: 'custom', path: ['HOME_SECRET_KEYS'], message: 'is required in production' });
      return;
    }
    const parsed = parseKeyring(env.HOME_SECRET_KEYS);
    if ('problems' in parsed) for (const message of parsed.problems) ctx.addIssue({ code: 'custom', path: ['HOME_SECRET_KEYS'], message });
  });

const say = (text: string) => process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  const env = parseEnv(schema, process.env);
  const db = createPrismaClient(env.DATABASE_URL, { applicationName: 'home-secrets-reseal' });
  try {
    const homeSecrets = keyringOf(env.HOME_SECRET_KEYS ?? DEV_HOME_SECRET_KEYS);
    const report = await resealAll({ db, homeSecrets });
    say(`Sealed again under key ${homeSecrets.current.id}: ${report.resealed}; replaced by their customer meanwhile: ${report.changedMeanwhile}; did not open: ${report.failed.length}.`);
    for (const { id, reason } of report.failed) say(`  ${id}: ${reason === 'unknown_key' ? 'its key is not in HOME_SECRET_KEYS (put the old key back after the new one)' : 'does not open (the row was altered)'}`);
    process.exitCode = report.failed.length > 0 ? 1 : 0;
  } finally {
    await closePrismaClient(db);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
