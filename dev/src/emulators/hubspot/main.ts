import { z } from 'zod';
import { envFields, parseEnv } from '@app/shared/parse-env';
import { startHubSpotEmulator } from './server';

// Standalone: `npx tsx dev/src/emulators/hubspot/main.ts`. Point the worker's SDK at the printed URL.
const env = parseEnv(
  z.object({
    HUBSPOT_EMULATOR_PORT: envFields.port.default(4010),
    HUBSPOT_ACCESS_TOKEN: z.string().min(1).default('dev-hubspot-token'),
    HUBSPOT_EMULATOR_STATE: z.string().min(1).optional(),
  }),
  process.env,
);

const emulator = await startHubSpotEmulator({
  port: env.HUBSPOT_EMULATOR_PORT,
  accessToken: env.HUBSPOT_ACCESS_TOKEN,
  stateFile: env.HUBSPOT_EMULATOR_STATE,
});
console.log(`HubSpot emulator on ${emulator.url} (control API: ${emulator.url}/_emulator/…)`);
if (env.HUBSPOT_EMULATOR_STATE) console.log(`state file: ${env.HUBSPOT_EMULATOR_STATE}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Close writes the state file last, so a Ctrl-C keeps every change.
    void emulator.close().then(() => process.exit(0));
  });
}
