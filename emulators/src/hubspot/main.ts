import { parseArgs } from 'node:util';
import { z } from 'zod';
import { closeOnSignal } from '../close-on-signal';
import { envFields, parseEnv } from '@app/shared/parse-env';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { listenEnv, publicUrlEnv } from '../listen-env';
import { startHubSpotEmulator } from './server';

// Standalone: `npm run emulator:hubspot -- --port 4010 [--blank] [--index-lag-ms N] [--service-key]`.
// Point the worker's SDK at the printed URL. Flags win over the environment variables below.
// --service-key: the accepted token stands for a service key (token-info does not answer for it).
const env = parseEnv(
  z.object({
    ...listenEnv,
    HUBSPOT_EMULATOR_PORT: envFields.port.default(4010),
    HUBSPOT_EMULATOR_PUBLIC_URL: publicUrlEnv,
    HUBSPOT_ACCESS_TOKEN: z.string().min(1).default(EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN),
    HUBSPOT_EMULATOR_STATE: z.string().min(1).optional(),
  }),
  process.env,
);

const { values: flags } = parseArgs({
  options: {
    port: { type: 'string' },
    blank: { type: 'boolean', default: false },
    'index-lag-ms': { type: 'string' },
    'service-key': { type: 'boolean', default: false },
  },
  strict: true,
});

function intFlag(name: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be a whole number from 0 to ${max}, got ${raw}`);
    process.exit(2);
  }
  return n;
}

const port = intFlag('port', flags.port, 65_535) ?? env.HUBSPOT_EMULATOR_PORT;
const indexLagMs = intFlag('index-lag-ms', flags['index-lag-ms'], 600_000) ?? 0;

const emulator = await startHubSpotEmulator({
  port,
  host: env.EMULATOR_HOST,
  ...(env.HUBSPOT_EMULATOR_PUBLIC_URL ? { publicUrl: env.HUBSPOT_EMULATOR_PUBLIC_URL } : {}),
  accessToken: env.HUBSPOT_ACCESS_TOKEN,
  tokenKind: flags['service-key'] ? 'service-key' : 'private-app',
  stateFile: env.HUBSPOT_EMULATOR_STATE,
  blank: flags.blank,
  indexLagMs,
});
console.log(`HubSpot emulator on ${emulator.url} (control API: ${emulator.url}/_emulator/…)`);
console.log(`account: ${flags.blank ? 'blank (HubSpot defaults only)' : 'ready (set up for the portal)'}; search index lag: ${indexLagMs} ms; token: ${flags['service-key'] ? 'service key' : 'private app'}`);
if (env.HUBSPOT_EMULATOR_STATE) console.log(`state file: ${env.HUBSPOT_EMULATOR_STATE} (--blank applies only when it starts fresh)`);

// Close writes the state file last, so a Ctrl-C keeps every change.
closeOnSignal('hubspot emulator', () => emulator.close());
