import path from 'node:path';
import { z } from 'zod';
import { DEV_DATABASE } from '@app/db/dev-database';
import { DEV_OIDC_PORT } from '@app/emulators/oidc/provider';
import { envFields } from '@app/shared/parse-env';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { REPO_ROOT } from './repo';

/**
 * The settings of `npm run dev` (environment, all optional). Also read by the tools that run
 * against a running dev (`npm run chaos`), so both find the same addresses with the same defaults.
 */
export const devConfigSchema = z.object({
  DATABASE_URL: envFields.postgresUrl.optional(),
  REDIS_URL: envFields.redisUrl.optional(),
  PORT: envFields.port.default(3000),
  WEB_PORT: envFields.port.default(5173),
  DEV_PG_PORT: envFields.port.default(DEV_DATABASE.port),
  /** Set: the real HubSpot is used and no emulator is started. */
  HUBSPOT_ACCESS_TOKEN: z.string().optional(),
  /** Set: the real Twilio is used and no emulator is started. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  HUBSPOT_EMULATOR_PORT: envFields.port.default(4010),
  /** 'off' starts the HubSpot emulator without the demo customer and deals. */
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  TWILIO_EMULATOR_PORT: envFields.port.default(4020),
  /** Set: that mail provider is used and no mail emulator is started. */
  EMAIL_SMTP_URL: z.string().optional(),
  MAIL_EMULATOR_SMTP_PORT: envFields.port.default(Number(new URL(EMULATOR_DEFAULTS.EMAIL_SMTP_URL).port)),
  MAIL_EMULATOR_PORT: envFields.port.default(Number(new URL(EMULATOR_DEFAULTS.MAIL_INBOX_URL).port)),
  /** Set: staff sign in with that provider (e.g. Google) and no local provider is started. */
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_PROVIDER_PORT: envFields.port.default(DEV_OIDC_PORT),
  /** Where the embedded Postgres and the HubSpot emulator keep their data (a test points it elsewhere). */
  DEV_DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
});
export type DevConfig = z.output<typeof devConfigSchema>;
