import type { ownerSchema } from '@app/shared/staff-admin';
import type { z } from 'zod';
import type { ModuleDeps } from '../../registry';
import { ownerName } from '../common/owner-ref';
import { findActiveOwners } from './repository';

/** GET /api/internal/admin/owners: the cleaners (active HubSpot owners) deals can be assigned to. */
export async function owners(deps: Pick<ModuleDeps, 'db'>): Promise<z.input<typeof ownerSchema>[]> {
  return (await findActiveOwners(deps.db)).map((o) => ({ id: o.id, hubspotId: o.hubspotId, name: ownerName(o), email: o.email, active: o.active }));
}
