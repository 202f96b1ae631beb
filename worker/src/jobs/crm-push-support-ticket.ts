import { z } from 'zod';
import type { Db } from '@app/db/client';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { loadSupportTicket, saveSupportTicketHubspotId } from '../crm/request-sync-repository';
import { defineJob } from './job';

const TICKET_TO_CONTACT = 16;

/** Creates the HubSpot support ticket of a contact-form message, on the sender's contact (upserted by e-mail). */
export function crmPushSupportTicketJob(deps: { db: Db; hubspot: HubSpotGateway }) {
  return defineJob({
    name: 'crm.push-support-ticket',
    queue: 'crm',
    payloadSchema: z.object({ contactTicketId: z.string().min(1) }),
    async process({ contactTicketId }, { log }) {
      const message = await loadSupportTicket(deps.db, contactTicketId);
      if (!message) return { outcome: 'missing' as const };
      if (message.hubspotId) return { outcome: 'already-synced' as const };
      const [firstname = '', ...rest] = message.name.trim().split(/\s+/);
      const contacts = await deps.hubspot.upsertContactsByEmail([
        { email: message.email, properties: { email: message.email, firstname, lastname: rest.join(' '), phone: message.phone } },
      ]);
      const contactId = contacts.get(message.email.toLowerCase());
      const hubspotId = await deps.hubspot.findOrCreate('tickets', {
        properties: {
          app_request_id: message.id,
          subject: `${message.reason}: ${message.name}`,
          content: [message.description, message.bookingId ? `Booking: ${message.bookingId}` : ''].filter(Boolean).join('\n\n'),
          hs_pipeline: '0',
          hs_pipeline_stage: '1',
        },
        associations: contactId ? [{ toId: contactId, typeId: TICKET_TO_CONTACT }] : [],
      });
      await saveSupportTicketHubspotId(deps.db, message.id, hubspotId);
      log.info({ hubspotId }, 'support ticket in HubSpot');
      return { outcome: 'pushed' as const, hubspotId };
    },
  });
}
