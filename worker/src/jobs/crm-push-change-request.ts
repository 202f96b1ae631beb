import type { Db } from '@app/db/client';
import { TICKET_STAGE_NEW } from '@app/shared/crm-schema';
import { unhappyTicketSubject } from '@app/shared/cleaning-rating';
import { TICKET_CATEGORY_LABELS } from '@app/shared/tickets';
import type { CrmAccount } from '../crm/account/crm-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { loadChangeRequest, saveChangeRequestHubspotId } from '../crm/request-sync-repository';
import { defineJob } from './job';

const TICKET_TO_DEAL = 28;
const TICKET_TO_CONTACT = 16;

/**
 * Creates the HubSpot ticket of a customer's change or cancel request or re-clean claim, or of an
 * unhappy customer (a rating of 1 to 3, for staff to call), on its deal (and contact), in the
 * first stage of the ticket pipeline. Waits (retries) while the
 * booking itself has not reached HubSpot yet.
 */
export function crmPushChangeRequestJob(deps: { db: Db; hubspot: HubSpotGateway; account: CrmAccount }) {
  return defineJob('crm.push-change-request', async ({ ticketId }, { log }) => {
      const ticket = await loadChangeRequest(deps.db, ticketId);
      if (!ticket) return { outcome: 'missing' as const };
      if (ticket.hubspotId) return { outcome: 'already-synced' as const };
      if (!ticket.deal.hubspotId) throw new Error(`deal ${ticket.deal.id} is not in HubSpot yet`);
      const category = TICKET_CATEGORY_LABELS[ticket.category];
      const stages = deps.account.stages();
      const hubspotId = await deps.hubspot.createOrFindOne('tickets', {
        properties: {
          app_request_id: ticket.id,
          subject: ticket.category === 'UnhappyCustomer' ? unhappyTicketSubject(ticket.deal.name ?? ticket.deal.id) : `${category}: ${ticket.deal.name ?? ticket.deal.id}`,
          content: [
            ticket.changeType ? `Change: ${ticket.changeType}` : '',
            ticket.requestedDate ? `Requested date: ${ticket.requestedDate.toISOString().slice(0, 10)}` : '',
            ticket.reason ? `${ticket.category === 'RecleanClaim' ? 'What was missed' : 'Reason'}: ${ticket.reason}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
          hs_ticket_category: category,
          hs_pipeline: stages.ticketPipelineId,
          hs_pipeline_stage: stages.ticketStageId(TICKET_STAGE_NEW),
        },
        associations: [
          { toId: ticket.deal.hubspotId, typeId: TICKET_TO_DEAL },
          ...(ticket.contact?.hubspotId ? [{ toId: ticket.contact.hubspotId, typeId: TICKET_TO_CONTACT }] : []),
        ],
      });
      await saveChangeRequestHubspotId(deps.db, ticket.id, hubspotId);
      log.info({ hubspotId }, 'change request ticket in HubSpot');
      return { outcome: 'pushed' as const, hubspotId };
  });
}
