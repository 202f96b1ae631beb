// Runs the mail emulator on its own: `npm run emulator:mail` (docker compose runs it too). Point
// the worker at it with EMAIL_SMTP_URL; its login and port are the worker's defaults.
import { z } from 'zod';
import { closeOnSignal } from '../close-on-signal';
import { COMPANY } from '@app/runtime/company';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { envFields, parseEnv } from '@app/shared/parse-env';
import { listenEnv, publicUrlEnv } from '../listen-env';
import { startMailEmulator } from './mail-emulator';
import { domainOf } from './smtp-rules';

const defaults = new URL(EMULATOR_DEFAULTS.EMAIL_SMTP_URL);
const env = parseEnv(
  z.object({
    ...listenEnv,
    MAIL_EMULATOR_SMTP_PORT: envFields.port.default(Number(defaults.port)),
    MAIL_EMULATOR_PORT: envFields.port.default(Number(new URL(EMULATOR_DEFAULTS.MAIL_INBOX_URL).port)),
    MAIL_EMULATOR_PUBLIC_URL: publicUrlEnv,
    /** The sending domains taken; default: the company e-mail's (the worker's default sender). */
    MAIL_EMULATOR_DOMAINS: z.string().min(1).optional(),
    /** Where deliveries, bounces and complaints are reported (the api's /api/email/events); default: the api of `npm run dev`. */
    MAIL_EMULATOR_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).default(EMULATOR_DEFAULTS.EMAIL_EVENTS_URL),
    /** The key the reports are signed with: the api's EMAIL_WEBHOOK_SIGNING_KEY (default: both sides' development key). */
    MAIL_EMULATOR_WEBHOOK_SIGNING_KEY: z.string().min(1).default(EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY),
  }),
  process.env,
);

const emulator = await startMailEmulator({
  smtpPort: env.MAIL_EMULATOR_SMTP_PORT,
  httpPort: env.MAIL_EMULATOR_PORT,
  host: env.EMULATOR_HOST,
  ...(env.MAIL_EMULATOR_PUBLIC_URL ? { publicUrl: env.MAIL_EMULATOR_PUBLIC_URL } : {}),
  username: decodeURIComponent(defaults.username),
  password: decodeURIComponent(defaults.password),
  verifiedDomains: env.MAIL_EMULATOR_DOMAINS ? env.MAIL_EMULATOR_DOMAINS.split(',').map((d) => d.trim().toLowerCase()) : [domainOf(COMPANY.email)],
  webhook: { url: env.MAIL_EMULATOR_WEBHOOK_URL, signingKey: env.MAIL_EMULATOR_WEBHOOK_SIGNING_KEY },
});

console.log(`Mail emulator: SMTP on ${emulator.smtpHost}:${emulator.smtpPort}, dev mail inbox ${emulator.url}/`);
console.log(`  messages: ${emulator.url}/_emulator/messages`);
console.log(`  make sends fail: POST ${emulator.url}/_emulator/faults {"kind":"temporary-failure","count":3}`);
console.log(`  reports to ${env.MAIL_EMULATOR_WEBHOOK_URL} (bounce…@ bounces, complain…@ complains; posts: ${emulator.url}/_emulator/events)`);

closeOnSignal('mail emulator', () => emulator.close());
