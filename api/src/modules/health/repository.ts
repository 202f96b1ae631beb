import type { Db } from '@app/db/client';
import { readAccountStatus } from '../ops/repository';

export async function pingDatabase(db: Db): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}

/** Fails with what the HubSpot account lacks, as the worker's last check found it. */
export async function checkCrmAccount(db: Db): Promise<void> {
  const status = await readAccountStatus(db);
  if (!status) throw new Error('not checked yet: the worker checks the HubSpot account at start (or run npm run crm:setup)');
  if (!status.ready) throw new Error(`checked ${status.checkedAt.toISOString()}: ${status.problems.join('; ')}`);
}
