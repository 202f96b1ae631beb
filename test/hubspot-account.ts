import type { Client } from '@hubspot/api-client';
import type { HubSpotBudgetLimits } from '../worker/src/crm/request-budget';
import { startHubSpotEmulator, type HubSpotEmulator, type HubSpotEmulatorOptions } from '@app/emulators/hubspot/server';
import { crmAccount, type CrmAccount } from '../worker/src/crm/account/crm-account';
import { formatReport, setUpCrmAccount } from '../worker/src/crm/account/setup-account';
import { createStageMap, type StageMap } from '../worker/src/crm/account/stage-map';
import { createHubSpotClient } from '../worker/src/crm/hubspot-client';
import { createHubSpotGateway, type HubSpotGateway } from '../worker/src/crm/hubspot-gateway';
import { localHubSpotBudgets } from '../worker/src/crm/request-budget';
import { TEST_BUDGET_LIMITS, testHubSpotGateway } from './hubspot-gateway';
import { uniqueFirstObjectId } from './hubspot-ids';

export interface TestHubSpot {
  emulator: HubSpotEmulator;
  token: string;
  /** The account's stage ids for the product's stage keys, as crm:setup found or created them. */
  stages: StageMap;
  account: CrmAccount;
  /** A gateway with its own budget (HubSpot's 100 per 10 s unless told otherwise). */
  gateway(options?: { timeoutMs?: number; budget?: { max: number; windowMs: number } }): HubSpotGateway;
  /** A gateway as the worker builds it (both budgets), with its SDK client for tests that stand in for HubSpot behaviour. */
  workerGateway(limits?: HubSpotBudgetLimits): { gateway: HubSpotGateway; client: Client };
  /**
   * A record as staff create it in HubSpot itself (no app_request_id): `associations` are
   * HUBSPOT_DEFINED type ids to other records. Returns its id.
   */
  createAsStaff(type: string, properties: Record<string, string>, associations?: readonly { toId: string; typeId: number }[]): Promise<string>;
}

/**
 * A HubSpot emulator started as a fresh account (HubSpot's defaults only) and set up by the same
 * code as `npm run crm:setup`, so every test takes the path a real account takes: our
 * properties, options and stages exist because setup created them, with the ids the account gave.
 */
/**
 * An emulator search limit for tests that are not about it: twice HubSpot's 4 a second. The
 * emulator counts a search when it arrives; on a loaded machine a search can wait for a core
 * between taking its budget slot and arriving, so arrivals bunch although the slots were spaced.
 * The job's own budget still keeps to 4 a second; a job without one would still meet 429s here.
 */
export const LOADED_MACHINE_SEARCH_LIMIT = { max: 8, intervalMs: 1_000 };

export async function startSetUpHubSpot(options: Partial<HubSpotEmulatorOptions> = {}): Promise<TestHubSpot> {
  const { rateLimit, searchRateLimit, ...rest } = options;
  const token = options.accessToken ?? 'test-hubspot-token';
  const emulator = await startHubSpotEmulator({ port: 0, firstObjectId: uniqueFirstObjectId(), ...rest, accessToken: token, blank: true });
  const report = await setUpCrmAccount({ accessToken: token, basePath: emulator.url, apply: true });
  if (!report.ready || !report.stageMap) {
    await emulator.close();
    throw new Error(`crm:setup left the emulator's account not ready:\n${formatReport(report)}`);
  }
  // The test's own budget starts after the set-up: fresh rate-limit windows (its own limit, if
  // it has one) and a clean request log.
  emulator.config.set({ rateLimit: rateLimit ?? emulator.config.get().rateLimit, searchRateLimit: searchRateLimit ?? emulator.config.get().searchRateLimit });
  emulator.clearRequests();
  const stages = createStageMap(report.stageMap);
  return {
    emulator,
    token,
    stages,
    account: crmAccount(stages),
    workerGateway: (limits) => testHubSpotGateway(emulator, token, limits),
    async createAsStaff(type, properties, associations = []) {
      const response = await fetch(`${emulator.url}/crm/v3/objects/${type}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          properties,
          associations: associations.map((a) => ({ to: { id: a.toId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: a.typeId }] })),
        }),
      });
      const body = (await response.json()) as { id?: string; message?: string };
      if (!response.ok || !body.id) throw new Error(`create ${type} as staff: ${response.status} ${body.message ?? ''}`);
      return body.id;
    },
    gateway: (o = {}) =>
      createHubSpotGateway(
        createHubSpotClient({ accessToken: token, basePath: emulator.url, timeoutMs: o.timeoutMs ?? 5_000 }),
        // Searches spaced as the worker spaces them, with the margin a busy test machine needs.
        localHubSpotBudgets({ request: o.budget ?? { max: 100, windowMs: 10_000 }, search: TEST_BUDGET_LIMITS.search }),
      ),
  };
}
