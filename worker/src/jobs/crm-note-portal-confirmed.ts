import type { Db } from '@app/db/client';
import { portalConfirmedNote } from '@app/shared/texts';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { defineJob } from './job';

/**
 * Tells HubSpot that staff confirmed a held public-form deal for the customer portal
 * (docs/identity.md): the deal's portal note says who and when, in place of why it was held.
 * Waits (retries) while the deal is not in HubSpot yet; setting the note twice is harmless.
 */
export function crmNotePortalConfirmedJob(deps: { db: Db; hubspot: HubSpotGateway }) {
  return defineJob('crm.note-portal-confirmed', async ({ dealId }) => {
      const deal = await deps.db.deal.findUnique({ where: { id: dealId }, select: { hubspotId: true, portalConfirmedAt: true, portalConfirmedBy: true, archivedAt: true } });
      if (!deal?.portalConfirmedAt) return { outcome: 'missing' as const };
      if (deal.archivedAt) return { outcome: 'deal-archived' as const };
      if (!deal.hubspotId) throw new Error(`deal ${dealId} is not in HubSpot yet`);
      await deps.hubspot.updateObject('deals', deal.hubspotId, { portal_note: portalConfirmedNote(deal.portalConfirmedBy ?? 'staff', deal.portalConfirmedAt) });
      return { outcome: 'pushed' as const };
  });
}
