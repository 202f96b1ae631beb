import type { Db } from '@app/db/client';

/** The change or cancel request with what its HubSpot ticket needs; null when gone. */
export async function loadChangeRequest(db: Db, ticketId: string) {
  return db.ticket.findUnique({
    where: { id: ticketId },
    include: { deal: { select: { id: true, name: true, hubspotId: true } }, contact: { select: { hubspotId: true } } },
  });
}

export async function saveChangeRequestHubspotId(db: Db, ticketId: string, hubspotId: string): Promise<void> {
  await db.ticket.update({ where: { id: ticketId }, data: { hubspotId, crmSyncedAt: new Date(), crmLastError: null } });
}

export async function loadSupportTicket(db: Db, id: string) {
  return db.contactTicket.findUnique({ where: { id } });
}

export async function saveSupportTicketHubspotId(db: Db, id: string, hubspotId: string): Promise<void> {
  await db.contactTicket.update({ where: { id }, data: { hubspotId, crmSyncedAt: new Date() } });
}

export async function loadSignup(db: Db, id: string) {
  return db.notifySignup.findUnique({ where: { id } });
}

export async function saveSignupContactId(db: Db, id: string, hubspotContactId: string): Promise<void> {
  await db.notifySignup.update({ where: { id }, data: { hubspotId: hubspotContactId, crmSyncedAt: new Date() } });
}
