// `npm run demo:texts`: with `npm run dev` running, shows every customer text in the dev SMS
// inbox within a couple of minutes (texts-demo.ts). Only ever against the emulators.
import { z } from 'zod';
import { ConfigError, parseEnv } from '@app/shared/parse-env';
import { formatReport, setUpCrmAccount } from '@app/worker/crm/account/setup-account';
import { createStageMap } from '@app/worker/crm/account/stage-map';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { DEMO_CUSTOMER } from './demo-plan';
import { hubspotCrm } from './hubspot-crm';
import { runTextsDemo } from './texts-demo';

const env = parseEnv(
  z.object({
    HUBSPOT_BASE_URL: z.url({ protocol: /^https?$/ }).default(EMULATOR_DEFAULTS.HUBSPOT_BASE_URL),
    TWILIO_BASE_URL: z.url({ protocol: /^https?$/ }).default(EMULATOR_DEFAULTS.TWILIO_BASE_URL),
    /** The worker's pull interval (npm run dev: 15 s) and reminder lead. */
    CRM_PULL_INTERVAL_MS: z.coerce.number().int().min(1_000).default(15_000),
    REMINDER_LEAD_HOURS: z.coerce.number().int().min(1).default(24),
  }),
  process.env,
);

async function main(): Promise<void> {
  const token = EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN;
  const account = await setUpCrmAccount({ accessToken: token, basePath: env.HUBSPOT_BASE_URL, apply: false });
  if (!account.ready || !account.stageMap) throw new Error(`the emulator's account is not ready (is npm run dev running?):\n${formatReport(account)}`);
  const crm = hubspotCrm(env.HUBSPOT_BASE_URL, token);
  const contact = await crm.findContactByEmail(DEMO_CUSTOMER.email);
  if (!contact) throw new Error(`the demo customer ${DEMO_CUSTOMER.email} is not in HubSpot: start npm run dev first`);
  console.log(`Texts to the demo customer (${DEMO_CUSTOMER.phone}) show in the dev SMS inbox: ${env.TWILIO_BASE_URL}/`);
  await runTextsDemo({
    crm,
    stages: createStageMap(account.stageMap),
    contactHubspotId: contact.id,
    phone: DEMO_CUSTOMER.phone,
    twilioUrl: env.TWILIO_BASE_URL,
    pullWaitMs: env.CRM_PULL_INTERVAL_MS + 3_000,
    reminderLeadMs: env.REMINDER_LEAD_HOURS * 3_600_000,
    reminderDueInMs: 30_000,
    textTimeoutMs: 2 * env.CRM_PULL_INTERVAL_MS + 60_000,
    log: console.log,
  });
  console.log('Every customer text went out. Reply STOP from the inbox page, then run this again: nothing more reaches that phone.');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
