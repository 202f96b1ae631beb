import { UnrecoverableError } from 'bullmq';
import type { Db } from '@app/db/client';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { hasNewerAssignment, loadOwnerAssignment, saveOwnerAssignment } from '../crm/owner-sync-repository';
import { defineJob } from './job';

/**
 * Pushes a cleaner assignment made by staff (cleaner roster) to HubSpot: PATCH the deal's
 * hubspot_owner_id ('' unassigns). The payload carries the owner chosen, so a CRM pull that
 * ran in between cannot change what is pushed; a later assignment of the same deal wins over
 * an earlier one that is retried after it. Waits (retries) while the deal is not in HubSpot yet.
 */
export function crmAssignOwnerJob(deps: { db: Db; hubspot: HubSpotGateway }) {
  return defineJob('crm.assign-owner', async ({ dealId, ownerId }, { log, jobId }) => {
      const assignment = await loadOwnerAssignment(deps.db, dealId, ownerId);
      if (!assignment) return { outcome: 'missing' as const };
      if (!assignment.ownerFound) return { outcome: 'owner-missing' as const };
      // Deleted in HubSpot (crm.sweep): there is no deal left to assign.
      if (assignment.dealArchived) return { outcome: 'deal-archived' as const };
      if (await hasNewerAssignment(deps.db, jobId, dealId)) return { outcome: 'superseded' as const };
      // Deactivated in HubSpot after staff chose them: HubSpot would refuse; say so where staff look.
      if (!assignment.ownerActive) throw new UnrecoverableError(`owner ${assignment.ownerHubspotId} is archived in HubSpot: assign the deal to an active cleaner`);
      if (!assignment.dealHubspotId) throw new Error(`deal ${dealId} is not in HubSpot yet`);
      await deps.hubspot.updateObject('deals', assignment.dealHubspotId, { hubspot_owner_id: assignment.ownerHubspotId ?? '' });
      await saveOwnerAssignment(deps.db, dealId, ownerId);
      log.info({ dealHubspotId: assignment.dealHubspotId, ownerHubspotId: assignment.ownerHubspotId }, 'deal owner set in HubSpot');
      return { outcome: 'pushed' as const, ownerHubspotId: assignment.ownerHubspotId };
  });
}
