import { STAGE } from '@app/shared/deal-stages';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import type { StageMap } from '../worker/src/crm/account/stage-map';

const BATCH = 100;
const IN_FLIGHT = 4;
const DEAL_TO_CONTACT = 3;
/** Stages staff move deals through, so the pull mirrors a realistic mix (scheduled ones with a date). */
const STAGES = [STAGE.CLEAN_REQUESTED, STAGE.CLEANING_SCHEDULED, STAGE.CLEANING_DONE] as const;

/**
 * Creates `count` deals in the emulator as staff would in HubSpot (through the CRM API's batch
 * create, so each deal is validated, timestamped and indexed for search as any other), each
 * associated to one of `contactIds`. Sending them at HubSpot's rate would take a minute and use
 * the account budget the pull is measured against, so the emulator's rate limit is lifted while
 * they are written and restored after (which starts its window afresh). Returns their HubSpot ids.
 */
export async function createChangedDeals(options: {
  hubspot: HubSpotEmulator;
  token: string;
  count: number;
  stages: StageMap;
  contactIds: readonly string[];
}): Promise<string[]> {
  const { hubspot, token, count, stages, contactIds } = options;
  const limit = hubspot.rateLimit.get();
  hubspot.rateLimit.set({ max: 1_000_000, intervalMs: limit.intervalMs });
  const ids: string[] = [];
  try {
    const batches = Array.from({ length: Math.ceil(count / BATCH) }, (_, b) => b);
    const send = async (b: number) => {
      const inputs = Array.from({ length: Math.min(BATCH, count - b * BATCH) }, (_, k) => dealInput(b * BATCH + k, stages, contactIds));
      const response = await fetch(`${hubspot.url}/crm/v3/objects/deals/batch/create`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ inputs }),
      });
      if (response.status !== 201) throw new Error(`creating bench deals: HubSpot answered ${response.status}: ${await response.text()}`);
      const answer = (await response.json()) as { results: { id: string }[] };
      ids.push(...answer.results.map((r) => r.id));
    };
    const lanes = Array.from({ length: IN_FLIGHT }, async (_, lane) => {
      for (let b = lane; b < batches.length; b += IN_FLIGHT) await send(b);
    });
    await Promise.all(lanes);
  } finally {
    hubspot.rateLimit.set(limit);
  }
  return ids;
}

function dealInput(n: number, stages: StageMap, contactIds: readonly string[]) {
  const stage = STAGES[n % STAGES.length]!;
  const scheduled = stage === STAGE.CLEAN_REQUESTED ? {} : { scheduled_date: new Date(Date.now() + ((n % 60) - 30) * 86_400_000).toISOString() };
  return {
    properties: {
      dealname: `Bench cleaning ${n}`,
      pipeline: stages.dealPipelineId,
      dealstage: stages.dealStageId(stage),
      amount: String(150 + (n % 200)),
      service_type: 'Standard Clean',
      ...scheduled,
    },
    associations:
      contactIds.length === 0
        ? []
        : [{ to: { id: contactIds[n % contactIds.length]! }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: DEAL_TO_CONTACT }] }],
  };
}
