import type { Client } from '@hubspot/api-client';
import { createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { createHubSpotGateway, type HubSpotGateway } from '@app/worker/crm/hubspot-gateway';
import { DEFAULT_SEARCH_LIMITS, localHubSpotBudgets, type HubSpotBudgetLimits } from '@app/worker/crm/request-budget';

/** The account budget of a private app on HubSpot's lowest plan, and HubSpot's search limit. */
export const TEST_BUDGET_LIMITS: HubSpotBudgetLimits = { request: { max: 100, windowMs: 10_000 }, search: DEFAULT_SEARCH_LIMITS };

/**
 * A gateway as the worker builds it (the SDK client with its timeout, both budgets) against an
 * emulator, with the client itself for tests that stand in for a HubSpot behaviour the
 * emulator does not have yet.
 */
export function testHubSpotGateway(emulator: { url: string }, accessToken: string, limits: HubSpotBudgetLimits = TEST_BUDGET_LIMITS): { gateway: HubSpotGateway; client: Client } {
  const client = createHubSpotClient({ accessToken, basePath: emulator.url });
  return { gateway: createHubSpotGateway(client, localHubSpotBudgets(limits)), client };
}
