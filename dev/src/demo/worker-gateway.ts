import { createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { createHubSpotGateway, type HubSpotGateway } from '@app/worker/crm/hubspot-gateway';
import { localRequestBudget } from '@app/worker/crm/request-budget';

/**
 * The worker's HubSpot client, for the seeder's steps that run the worker's own code (the demo
 * quote, seed-quote.ts) before the worker starts: HubSpot's 100 calls per 10 s, counted in this
 * process alone (the seeder's other calls came first, so a 429 is still waited out there).
 */
export function demoWorkerGateway(baseUrl: string, accessToken: string): HubSpotGateway {
  return createHubSpotGateway(createHubSpotClient({ accessToken, basePath: baseUrl }), localRequestBudget({ max: 100, windowMs: 10_000 }));
}
