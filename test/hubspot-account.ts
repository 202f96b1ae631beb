import { startHubSpotEmulator, type HubSpotEmulator, type HubSpotEmulatorOptions } from '../dev/src/emulators/hubspot/server';
import { crmAccount, type CrmAccount } from '../worker/src/crm/account/crm-account';
import { formatReport, setUpCrmAccount } from '../worker/src/crm/account/setup-account';
import { createStageMap, type StageMap } from '../worker/src/crm/account/stage-map';
import { createHubSpotClient } from '../worker/src/crm/hubspot-client';
import { createHubSpotGateway, type HubSpotGateway } from '../worker/src/crm/hubspot-gateway';
import { localRequestBudget } from '../worker/src/crm/request-budget';
import { uniqueFirstObjectId } from './hubspot-ids';

export interface TestHubSpot {
  emulator: HubSpotEmulator;
  token: string;
  /** The account's stage ids for the product's stage keys, as crm:setup found or created them. */
  stages: StageMap;
  account: CrmAccount;
  /** A gateway with its own budget (HubSpot's 100 per 10 s unless told otherwise). */
  gateway(options?: { timeoutMs?: number; budget?: { max: number; windowMs: number } }): HubSpotGateway;
}

/**
 * A HubSpot emulator started as a fresh account (HubSpot's defaults only) and set up by the same
 * code as `npm run crm:setup`, so every test takes the path a real account takes: our
 * properties, options and stages exist because setup created them, with the ids the account gave.
 */
export async function startSetUpHubSpot(options: Partial<HubSpotEmulatorOptions> = {}): Promise<TestHubSpot> {
  const { rateLimit, ...rest } = options;
  const token = options.accessToken ?? 'test-hubspot-token';
  const emulator = await startHubSpotEmulator({ port: 0, firstObjectId: uniqueFirstObjectId(), ...rest, accessToken: token, blank: true });
  const report = await setUpCrmAccount({ accessToken: token, basePath: emulator.url, apply: true });
  if (!report.ready || !report.stageMap) {
    await emulator.close();
    throw new Error(`crm:setup left the emulator's account not ready:\n${formatReport(report)}`);
  }
  // A test's own rate limit starts after the set-up, with a clean request log.
  if (rateLimit) emulator.rateLimit.set(rateLimit);
  emulator.clearRequests();
  const stages = createStageMap(report.stageMap);
  return {
    emulator,
    token,
    stages,
    account: crmAccount(stages),
    gateway: (o = {}) =>
      createHubSpotGateway(
        createHubSpotClient({ accessToken: token, basePath: emulator.url, timeoutMs: o.timeoutMs ?? 5_000 }),
        localRequestBudget(o.budget ?? { max: 100, windowMs: 10_000 }),
      ),
  };
}
