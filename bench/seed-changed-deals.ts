import { STAGE } from '@app/shared/deal-stages';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import type { StageMap } from '../worker/src/crm/account/stage-map';
import { batchCreate, type BatchInput } from './hubspot-batch-create';

const DEAL_TO_CONTACT = 3;
/** Stages staff move deals through, so the pull mirrors a realistic mix (scheduled ones with a date). */
const STAGES = [STAGE.CLEAN_REQUESTED, STAGE.CLEANING_SCHEDULED, STAGE.CLEANING_DONE] as const;

/**
 * Creates `count` deals in the emulator as staff would in HubSpot (bench/hubspot-batch-create.ts),
 * each associated to one of `contactIds`. Returns their HubSpot ids.
 */
export async function createChangedDeals(options: {
  hubspot: HubSpotEmulator;
  token: string;
  count: number;
  stages: StageMap;
  contactIds: readonly string[];
}): Promise<string[]> {
  const { hubspot, token, count, stages, contactIds } = options;
  const inputs = Array.from({ length: count }, (_, n) => dealInput(n, stages, contactIds));
  return (await batchCreate({ hubspot, token, type: 'deals', inputs })).map((r) => r.id);
}

function dealInput(n: number, stages: StageMap, contactIds: readonly string[]): BatchInput {
  const stage = STAGES[n % STAGES.length]!;
  const scheduled: Record<string, string> = stage === STAGE.CLEAN_REQUESTED ? {} : { scheduled_date: new Date(Date.now() + ((n % 60) - 30) * 86_400_000).toISOString() };
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
