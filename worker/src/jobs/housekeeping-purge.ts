import type { Db } from '@app/db/client';
import { purgeExpiredRows } from '../housekeeping/purge-repository';
import { defineJob } from './job';

/**
 * Deletes sessions, sign-in attempts, idempotency keys, login codes, e-mail webhook tokens and text message delivery
 * rows that are past their use (see purge-repository.ts). Runs on a schedule (HOUSEKEEPING_INTERVAL_MS); safe to run at any
 * time and any number of times at once.
 */
export function housekeepingPurgeJob(deps: { db: Db; now?: () => Date }) {
  const { db, now = () => new Date() } = deps;
  return defineJob('housekeeping.purge-expired', async (_payload, { log }) => {
      const deleted = await purgeExpiredRows(db, now());
      log.info({ deleted }, 'expired rows purged');
      return deleted;
  });
}
