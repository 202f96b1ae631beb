import type { ModuleDeps } from '../registry';
import { secretsNotUnder, storeResealed } from './repository';
import { SealError, needsReseal, open, seal } from './sealing';

const BATCH = 100;

export interface ResealReport {
  /** Secrets now sealed under the current key that were not before. */
  resealed: number;
  /** Replaced by their customer while this ran (already under the current key). */
  changedMeanwhile: number;
  /** Secrets that did not open: their key is not in HOME_SECRET_KEYS, or the row was altered. Ids only. */
  failed: { id: string; reason: SealError['reason'] }[];
}

/**
 * Key rotation (docs/home-profile.md#rotating-the-key): every secret sealed under another key
 * than the current one (the first of HOME_SECRET_KEYS) is opened and sealed again under it, bound
 * to the same customer and row. Safe to run while the api serves and to run again; a secret its
 * customer replaced meanwhile is left as they saved it. Reports ids and counts, never a value.
 */
export async function resealAll(deps: Pick<ModuleDeps, 'db' | 'homeSecrets'>): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, changedMeanwhile: 0, failed: [] };
  let after: string | null = null;
  for (;;) {
    const rows = await secretsNotUnder(deps.db, deps.homeSecrets.current.id, after, BATCH);
    if (rows.length === 0) return report;
    for (const row of rows) {
      if (!needsReseal(deps.homeSecrets, row)) continue;
      const binding = { contactId: row.contactId, secretId: row.id };
      let plain: string;
      try {
        plain = open(deps.homeSecrets, row, binding);
      } catch (error) {
        if (!(error instanceof SealError)) throw error;
        report.failed.push({ id: row.id, reason: error.reason });
        continue;
      }
      if (await storeResealed(deps.db, row, seal(deps.homeSecrets, plain, binding))) report.resealed++;
      else report.changedMeanwhile++;
    }
    after = rows.at(-1)!.id;
  }
}
