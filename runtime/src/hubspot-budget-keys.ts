/**
 * Redis keys of the HubSpot request budget the workers share (worker/src/crm/request-budget.ts),
 * under the queue prefix. The api reads the waits counter for /metrics: a budget that keeps
 * making requests wait means HubSpot's rate limit, not our code, sets the pace of syncing.
 */
export const hubspotBudgetKeys = (prefix: string) => ({
  request: `${prefix}:hubspot-budget`,
  search: `${prefix}:hubspot-search-budget`,
  /** How many requests had to wait for a slot (a counter, never reset). */
  waits: `${prefix}:hubspot-budget-waits`,
  /** Today's count against HubSpot's daily limit, a hash (runtime/src/hubspot-daily.ts). */
  daily: `${prefix}:hubspot-daily`,
});
