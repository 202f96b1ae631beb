// Runs the Twilio emulator on its own: `npm run emulator:twilio` (docker compose runs it too).
// Point the worker at it with TWILIO_BASE_URL; the emulator's account is the worker's default.
import { z } from 'zod';
import { closeOnSignal } from '../close-on-signal';
import { envFields, parseEnv } from '@app/shared/parse-env';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { listenEnv, publicUrlEnv } from '../listen-env';
import { startTwilioEmulator } from './twilio-emulator';

const env = parseEnv(
  z.object({
    ...listenEnv,
    TWILIO_EMULATOR_PORT: envFields.port.default(4020),
    TWILIO_EMULATOR_PUBLIC_URL: publicUrlEnv,
    TWILIO_ACCOUNT_SID: z.string().min(1).default(EMULATOR_DEFAULTS.TWILIO_ACCOUNT_SID),
    TWILIO_AUTH_TOKEN: z.string().min(1).default(EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN),
    /** The account's number (the product's TWILIO_FROM): replies are sent to it. */
    TWILIO_EMULATOR_NUMBER: z.string().regex(/^\+[1-9]\d{1,14}$/).default(EMULATOR_DEFAULTS.TWILIO_FROM),
    /** The number's incoming-message webhook: the api's /api/twilio/inbound. */
    TWILIO_EMULATOR_WEBHOOK_URL: z.url().default(EMULATOR_DEFAULTS.TWILIO_INBOUND_URL),
  }),
  process.env,
);

const emulator = await startTwilioEmulator({
  port: env.TWILIO_EMULATOR_PORT,
  host: env.EMULATOR_HOST,
  ...(env.TWILIO_EMULATOR_PUBLIC_URL ? { publicUrl: env.TWILIO_EMULATOR_PUBLIC_URL } : {}),
  accountSid: env.TWILIO_ACCOUNT_SID,
  authToken: env.TWILIO_AUTH_TOKEN,
  phoneNumber: env.TWILIO_EMULATOR_NUMBER,
  webhookUrl: env.TWILIO_EMULATOR_WEBHOOK_URL,
});

console.log(`Twilio emulator on ${emulator.url} (account ${emulator.accountSid})`);
console.log(`  dev SMS inbox: ${emulator.url}/`);
console.log(`  messages: ${emulator.url}/_emulator/messages`);
console.log(`  make texts fail: POST ${emulator.url}/_emulator/delivery-failures`);
console.log(`  a customer replies (STOP, START, HELP, ...): POST ${emulator.url}/_emulator/inbound {"from":"+1...","body":"STOP"}`);
console.log(`  the account's sending setup (npm run sms:check reads it): GET/POST ${emulator.url}/_emulator/account`);

closeOnSignal('twilio emulator', () => emulator.close());
