import { z } from 'zod';
import { ConfigError, envFields, parseEnv } from '@app/shared/parse-env';
import { TWILIO_INBOUND_PATH } from '@app/shared/routes';
import { SHARED_ENV } from '@app/shared/shared-env';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { checkSmsAccount, formatSmsReport } from './sms/account-check';
import { createTwilioClient } from './sms/twilio-client';

/**
 * `npm run sms:check`: reads the Twilio account through its API and prints whether texts to US
 * phones can go out (docs/twilio.md, "Before launch"): the sender, its Messaging Service, our
 * webhooks, the A2P campaign or toll-free verification. Changes nothing. Exit code 1 while
 * something blocking remains. Without Twilio credentials (outside production) it reads the
 * Twilio emulator of `npm run dev`.
 *
 * The URLs it expects are the ones the api and worker use: TWILIO_INBOUND_URL (default, as the
 * api's: PUBLIC_URL + /api/twilio/inbound in production, the dev api's otherwise) and
 * TWILIO_STATUS_CALLBACK_URL (default, as the worker's: none in production, the dev api's otherwise).
 */
const envSchema = z
  .object({
    NODE_ENV: envFields.nodeEnv,
    TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be AC followed by 32 hex digits').optional(),
    // As the api and the worker read them, so the check sees the values they run with.
    TWILIO_AUTH_TOKEN: SHARED_ENV.TWILIO_AUTH_TOKEN,
    TWILIO_FROM: SHARED_ENV.TWILIO_FROM,
    TWILIO_STATUS_CALLBACK_URL: SHARED_ENV.TWILIO_STATUS_CALLBACK_URL,
    PUBLIC_URL: SHARED_ENV.PUBLIC_URL,
    TWILIO_BASE_URL: z.url().optional(),
    TWILIO_INBOUND_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .superRefine((e, ctx) => {
    const required = e.NODE_ENV === 'production' || e.TWILIO_ACCOUNT_SID ? (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) : [];
    for (const key of required) if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: e.NODE_ENV === 'production' ? 'is required in production' : 'is required with TWILIO_ACCOUNT_SID' });
    if (e.NODE_ENV === 'production' && !e.TWILIO_INBOUND_URL && !e.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'or TWILIO_INBOUND_URL is required in production' });
  })
  .transform((e) => {
    // A real account SID takes the check off the emulator, as the worker's env.ts does.
    const twilio = e.TWILIO_ACCOUNT_SID
      ? { TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN!, TWILIO_FROM: e.TWILIO_FROM!, TWILIO_BASE_URL: e.TWILIO_BASE_URL }
      : {
          TWILIO_ACCOUNT_SID: EMULATOR_DEFAULTS.TWILIO_ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
          TWILIO_FROM: e.TWILIO_FROM ?? EMULATOR_DEFAULTS.TWILIO_FROM,
          TWILIO_BASE_URL: e.TWILIO_BASE_URL ?? EMULATOR_DEFAULTS.TWILIO_BASE_URL,
        };
    // The same defaults as the api (inbound) and the worker (status callback): in production
    // PUBLIC_URL's webhook and no callback unless set; elsewhere the `npm run dev` api's.
    const production = e.NODE_ENV === 'production';
    return {
      ...twilio,
      inboundUrl: e.TWILIO_INBOUND_URL ?? (production && e.PUBLIC_URL ? `${e.PUBLIC_URL}${TWILIO_INBOUND_PATH}` : EMULATOR_DEFAULTS.TWILIO_INBOUND_URL),
      statusCallbackUrl: e.TWILIO_STATUS_CALLBACK_URL ?? (production ? null : EMULATOR_DEFAULTS.TWILIO_STATUS_CALLBACK_URL),
    };
  });

const say = (text: string) => process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  // Parsed here so that a configuration error prints as one message, not a stack.
  const env = parseEnv(envSchema, process.env);
  const realTwilio = !env.TWILIO_BASE_URL;
  say(`Twilio account ${env.TWILIO_ACCOUNT_SID} at ${env.TWILIO_BASE_URL ?? 'api.twilio.com'}: checking the sender ${env.TWILIO_FROM} (no changes)`);
  const client = createTwilioClient({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, baseUrl: env.TWILIO_BASE_URL });
  const report = await checkSmsAccount(client, { from: env.TWILIO_FROM, inboundUrl: env.inboundUrl, statusCallbackUrl: env.statusCallbackUrl, realTwilio });
  say(formatSmsReport(report));
  process.exitCode = report.ready ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
