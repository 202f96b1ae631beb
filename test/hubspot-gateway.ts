import type { Client } from '@hubspot/api-client';
import { createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { createHubSpotGateway, type HubSpotGateway } from '@app/worker/crm/hubspot-gateway';
import { DEFAULT_SEARCH_LIMITS, localHubSpotBudgets, type HubSpotBudgetLimits } from '@app/worker/crm/request-budget';

/**
 * How long a test's budgets hold a slot beyond its window. The worker's 100 ms covers a network's
 * jitter; here the emulator and the client share two busy cores with a whole test run, and a
 * request can wait longer than that for a core between taking its slot and reaching the emulator.
 */
export const TEST_BUDGET_MARGIN_MS = 300;

/** The account budget of a private app on HubSpot's lowest plan, and HubSpot's search limit. */
export const TEST_BUDGET_LIMITS: HubSpotBudgetLimits = {
  request: { max: 100, windowMs: 10_000, marginMs: TEST_BUDGET_MARGIN_MS },
  search: { ...DEFAULT_SEARCH_LIMITS, marginMs: TEST_BUDGET_MARGIN_MS },
};

/**
 * A gateway as the worker builds it (the SDK client with its timeout, both budgets) against an
 * emulator, with the client itself for tests that stand in for a HubSpot behaviour the
 * emulator does not have yet.
 */
export function testHubSpotGateway(emulator: { url: string }, accessToken: string, limits: HubSpotBudgetLimits = TEST_BUDGET_LIMITS): { gateway: HubSpotGateway; client: Client } {
  const client = createHubSpotClient({ accessToken, basePath: emulator.url });
  return { gateway: createHubSpotGateway(client, localHubSpotBudgets(limits)), client };
}
