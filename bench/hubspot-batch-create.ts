import type { HubSpotEmulator } from '@app/emulators/hubspot/server';

const BATCH = 100;
const IN_FLIGHT = 4;

export interface BatchInput {
  properties: Record<string, string>;
  associations?: { to: { id: string }; types: { associationCategory: 'HUBSPOT_DEFINED'; associationTypeId: number }[] }[];
}

/**
 * Creates records in the emulator as staff would in HubSpot (through the CRM API's batch create,
 * so each is validated, timestamped and indexed for search as any other), 100 a request and four
 * requests at a time. Sending them at HubSpot's rate would take long and use the account budget
 * the benches measure, so the emulator's rate limit is lifted while they are written and restored
 * after (which starts its window afresh). Returns what HubSpot answered for each, in no promised order.
 */
export async function batchCreate(options: { hubspot: HubSpotEmulator; token: string; type: string; inputs: readonly BatchInput[] }): Promise<{ id: string; properties: Record<string, string | null> }[]> {
  const { hubspot, token, type, inputs } = options;
  const limit = hubspot.rateLimit.get();
  hubspot.rateLimit.set({ max: 1_000_000, intervalMs: limit.intervalMs });
  const results: { id: string; properties: Record<string, string | null> }[] = [];
  try {
    const batches = Math.ceil(inputs.length / BATCH);
    const send = async (b: number) => {
      const response = await fetch(`${hubspot.url}/crm/v3/objects/${type}/batch/create`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ inputs: inputs.slice(b * BATCH, (b + 1) * BATCH) }),
      });
      if (response.status !== 201) throw new Error(`creating bench ${type}: HubSpot answered ${response.status}: ${await response.text()}`);
      results.push(...((await response.json()) as { results: { id: string; properties: Record<string, string | null> }[] }).results);
    };
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_, lane) => {
        for (let b = lane; b < batches; b += IN_FLIGHT) await send(b);
      }),
    );
  } finally {
    hubspot.rateLimit.set(limit);
  }
  return results;
}
