// Runs the Twilio emulator on its own: `npx tsx dev/src/emulators/twilio/main.ts`.
// Point the worker at it with TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN and the printed URL.
import { startTwilioEmulator } from './twilio-emulator';

// A fixed, obviously fake SID so the worker's defaults and the emulator's agree without setup.
const DEFAULT_ACCOUNT_SID = 'AC00000000000000000000000000de7001';

const port = Number.parseInt(process.env.TWILIO_EMULATOR_PORT ?? '4020', 10);
const emulator = await startTwilioEmulator({
  port,
  accountSid: process.env.TWILIO_ACCOUNT_SID || DEFAULT_ACCOUNT_SID,
  authToken: process.env.TWILIO_AUTH_TOKEN || 'dev-twilio-token',
});

console.log(`Twilio emulator on ${emulator.url} (account ${emulator.accountSid})`);
console.log(`  messages: ${emulator.url}/_emulator/messages`);
console.log(`  make texts fail: POST ${emulator.url}/_emulator/delivery-failures`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  emulator.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('twilio emulator: close failed', error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
