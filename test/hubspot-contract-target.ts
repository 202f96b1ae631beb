import { randomBytes } from 'node:crypto';
import type { Client } from '@hubspot/api-client';
import { startHubSpotEmulator, type HubSpotEmulator } from '@app/emulators/hubspot/server';
import { createHubSpotClient, HUBSPOT_API_BASE } from '../worker/src/crm/hubspot-client';
import { createHubSpotGateway, type HubSpotGateway } from '../worker/src/crm/hubspot-gateway';
import { localRequestBudget, type RequestBudget } from '../worker/src/crm/request-budget';
import { uniqueFirstObjectId } from './hubspot-ids';

/**
 * Where the CRM contract suite (worker/src/crm/contract.integration.test.ts) runs: a blank
 * HubSpot emulator, or a real account named by HUBSPOT_CONTRACT_* variables. Both are reached
 * through the real SDK with the same code; only how the account is started differs.
 */
export interface RealAccountConfig {
  token: string;
  basePath: string;
  dealPipelineId: string;
  ticketPipelineId: string;
}

export const REAL_ACCOUNT_SKIP_REASON = 'against a real HubSpot account: set HUBSPOT_CONTRACT_TOKEN and HUBSPOT_CONTRACT_DEAL_PIPELINE to run';

/**
 * The real account to test, or null when no token is set. A token without a sandbox deal pipeline
 * is refused: the suite would otherwise create deals in the account's default pipeline, where
 * the company's real bookings are.
 */
export function realAccountConfig(env: Readonly<Record<string, string | undefined>>): RealAccountConfig | null {
  const token = env.HUBSPOT_CONTRACT_TOKEN?.trim();
  if (!token) return null;
  const dealPipelineId = env.HUBSPOT_CONTRACT_DEAL_PIPELINE?.trim();
  if (!dealPipelineId) {
    throw new Error('HUBSPOT_CONTRACT_TOKEN is set without HUBSPOT_CONTRACT_DEAL_PIPELINE: name a sandbox deal pipeline so that no test deal lands in the real one');
  }
  return {
    token,
    basePath: (env.HUBSPOT_CONTRACT_BASE_URL?.trim() || HUBSPOT_API_BASE).replace(/\/+$/, ''),
    dealPipelineId,
    ticketPipelineId: env.HUBSPOT_CONTRACT_TICKET_PIPELINE?.trim() || '0',
  };
}

export interface ContractTarget {
  label: 'emulator' | 'real account';
  token: string;
  basePath: string;
  dealPipelineId: string;
  ticketPipelineId: string;
  /** Only for the emulator: what it can show that a real account cannot (its request log, every object). */
  emulator: HubSpotEmulator | null;
  /** Marks everything this run creates, so that it finds (and archives) only its own records. */
  marker: string;
  /** The real SDK, for what staff do in HubSpot and for cleaning up. */
  client: Client;
  /** The worker's gateway; every request it sends is counted. */
  gateway: HubSpotGateway;
  /** The suite's one request budget: the gateway, crm:setup, the cleanup and direct SDK calls all take from it. */
  budget: RequestBudget;
  /** Requests sent under the budget so far. */
  requestCount(): number;
  close(): Promise<void>;
}

/**
 * A real account is shared with whatever else uses it (the company's worker, too): the suite,
 * crm:setup's passes included, keeps to a fraction of HubSpot's 100 requests per 10 s.
 */
const CONTRACT_BUDGET = { max: 40, windowMs: 10_000 };

function countingBudget(inner: RequestBudget): RequestBudget & { count(): number } {
  let count = 0;
  return {
    async take() {
      await inner.take();
      count++;
    },
    count: () => count,
  };
}

function target(config: RealAccountConfig, label: ContractTarget['label'], emulator: HubSpotEmulator | null): ContractTarget {
  const budget = countingBudget(localRequestBudget(CONTRACT_BUDGET));
  const timeoutMs = 15_000;
  const client = createHubSpotClient({ accessToken: config.token, basePath: config.basePath, timeoutMs });
  return {
    ...config,
    label,
    emulator,
    marker: `contract-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`,
    client,
    gateway: createHubSpotGateway(createHubSpotClient({ accessToken: config.token, basePath: config.basePath, timeoutMs }), budget),
    budget,
    requestCount: budget.count,
    close: async () => emulator?.close(),
  };
}

/**
 * A blank emulator account (HubSpot's defaults only; crm:setup has not run), with search lagging
 * writes as HubSpot's does, so the suite cannot pass by reading its own writes through search.
 * Like the real run, it works in a sandbox deal pipeline of its own, made as a person makes one in
 * HubSpot's settings (a new pipeline comes with a stage of its own, none of the product's).
 */
export async function startEmulatorTarget(): Promise<ContractTarget> {
  const token = `contract-${randomBytes(6).toString('hex')}`;
  const emulator = await startHubSpotEmulator({ port: 0, accessToken: token, blank: true, indexLagMs: 2_000, firstObjectId: uniqueFirstObjectId() });
  try {
    const client = createHubSpotClient({ accessToken: token, basePath: emulator.url });
    const sandbox = await client.crm.pipelines.pipelinesApi.create('deals', {
      label: 'Contract sandbox',
      displayOrder: 9,
      stages: [{ label: 'Sandbox intake', displayOrder: 0, metadata: { probability: '0.1' } }],
    });
    // A real account has users who left (deactivated owners); so does this one.
    emulator.archiveOwner(emulator.addOwner({ email: 'former.cleaner@atlantahomecleaning.example', firstName: 'Former', lastName: 'Cleaner' }).id);
    return target({ token, basePath: emulator.url, dealPipelineId: sandbox.id, ticketPipelineId: '0' }, 'emulator', emulator);
  } catch (error) {
    await emulator.close();
    throw error;
  }
}

export function realAccountTarget(config: RealAccountConfig): ContractTarget {
  return target(config, 'real account', null);
}
