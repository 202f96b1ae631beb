import type { Db } from '@app/db/client';
import type { OwnerRef } from '../common/owner-ref';

export interface OwnerRow extends OwnerRef {
  hubspotId: string;
  active: boolean;
  isCleaner: boolean;
}

/** The owners deals can be assigned to: those HubSpot lists as archived (deactivated users) are left out. */
export async function findActiveOwners(db: Db): Promise<OwnerRow[]> {
  return db.owner.findMany({
    where: { active: true },
    select: { id: true, hubspotId: true, firstName: true, lastName: true, email: true, active: true, isCleaner: true },
    orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
  });
}

/** Sets the roster's "is a cleaner" on an owner; false when there is no such owner. */
export async function setOwnerCleaner(db: Db, ownerId: string, isCleaner: boolean): Promise<boolean> {
  const { count } = await db.owner.updateMany({ where: { id: ownerId }, data: { isCleaner } });
  return count > 0;
}
