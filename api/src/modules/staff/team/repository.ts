import type { Db } from '@app/db/client';
import type { OwnerRef } from '../common/owner-ref';

export interface OwnerRow extends OwnerRef {
  hubspotId: string;
  active: boolean;
}

/** The owners deals can be assigned to: those HubSpot lists as archived (deactivated users) are left out. */
export async function findActiveOwners(db: Db): Promise<OwnerRow[]> {
  return db.owner.findMany({
    where: { active: true },
    select: { id: true, hubspotId: true, firstName: true, lastName: true, email: true, active: true },
    orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
  });
}
