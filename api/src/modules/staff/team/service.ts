import type { OwnerCleanerInput, ownerSchema } from '@app/shared/staff-admin';
import type { z } from 'zod';
import { errors } from '../../../errors';
import type { ModuleDeps } from '../../registry';
import { ownerName } from '../common/owner-ref';
import { findActiveOwners, setOwnerCleaner } from './repository';

/** GET /api/internal/admin/owners: the cleaners (active HubSpot owners) deals can be assigned to. */
export async function owners(deps: Pick<ModuleDeps, 'db'>): Promise<z.input<typeof ownerSchema>[]> {
  return (await findActiveOwners(deps.db)).map((o) => ({ id: o.id, hubspotId: o.hubspotId, name: ownerName(o), email: o.email, active: o.active, isCleaner: o.isCleaner }));
}

/**
 * POST /api/internal/admin/owners/:id/cleaner: the roster setting. Marked, an active owner's
 * e-mail signs in as a cleaner from the next sign-in on; unmarked, their cleaner sessions end on
 * their next request (api/src/middleware/session-store.ts).
 */
export async function markCleaner(deps: Pick<ModuleDeps, 'db'>, ownerId: string, input: OwnerCleanerInput): Promise<{ isCleaner: boolean }> {
  if (!(await setOwnerCleaner(deps.db, ownerId, input.isCleaner))) throw errors.notFound('We could not find that cleaner.');
  return { isCleaner: input.isCleaner };
}
