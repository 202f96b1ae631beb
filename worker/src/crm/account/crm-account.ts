import type { StageMap } from './stage-map';

/**
 * What the jobs know of the HubSpot account: its stage map, once the account check found every
 * stage. Until then the crm queue is not consumed (see account-gate.ts), so a job asking early is a bug.
 */
export interface CrmAccount {
  stages(): StageMap;
}

export function crmAccount(initial?: StageMap): CrmAccount & { setStages(map: StageMap): void } {
  let current = initial;
  return {
    stages() {
      if (!current) throw new Error('the HubSpot account has not been checked yet (no stage map)');
      return current;
    },
    setStages(map) {
      current = map;
    },
  };
}
