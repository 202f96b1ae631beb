import type { Db } from '@app/db/client';
import { TICKET_STAGE_NEW } from '@app/shared/crm-schema';
import type { CrmAccount } from '../crm/account/crm-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { loadSupportTicket, saveSupportTicketHubspotId } from '../crm/request-sync-repository';
import { defineJob } from './job';

const TICKET_TO_CONTACT = 16;

/** Creates the HubSpot support ticket of a contact-form message, on the sender's contact (created or found by e-mail). */
export function crmPushSupportTicketJob(deps: { db: Db; hubspot: HubSpotGateway; account: CrmAccount }) {
  return defineJob('crm.push-support-ticket', async ({ contactTicketId }, { log }) => {
      const message = await loadSupportTicket(deps.db, contactTicketId);
      if (!message) return { outcome: 'missing' as const };
      if (message.hubspotId) return { outcome: 'already-synced' as const };
      const [firstname = '', ...rest] = message.name.trim().split(/\s+/);
      // Created when HubSpot has no contact with this e-mail, never changed otherwise (docs/identity.md):
      // the name and phone typed on the form are in the ticket for staff.
      const contact = await deps.hubspot.createOrFindContactOne(message.email, { firstname, lastname: rest.join(' '), phone: message.phone });
      const stages = deps.account.stages();
      const hubspotId = await deps.hubspot.createOrFindOne('tickets', {
        properties: {
          app_request_id: message.id,
          subject: `${message.reason}: ${message.name}`,
          content: [message.description, message.bookingId ? `Booking: ${message.bookingId}` : '', `Submitted by: ${message.name}, ${message.phone}`]
            .filter(Boolean)
            .join('\n\n'),
          hs_pipeline: stages.ticketPipelineId,
          hs_pipeline_stage: stages.ticketStageId(TICKET_STAGE_NEW),
        },
        associations: [{ toId: contact.id, typeId: TICKET_TO_CONTACT }],
      });
      await saveSupportTicketHubspotId(deps.db, message.id, hubspotId);
      log.info({ hubspotId }, 'support ticket in HubSpot');
      return { outcome: 'pushed' as const, hubspotId };
  });
}
