import type { Db } from '@app/db/client';
import type { InvoiceStatus, TicketCategory } from '@app/db/generated/client';
import type { HubSpotOwner } from './hubspot-gateway';

export interface MirroredInvoice {
  hubspotId: string;
  status: InvoiceStatus | null;
  amountCents: number | null;
  number: string | null;
  pdfUrl: string | null;
  url: string | null;
}

export interface MirroredDeal {
  hubspotId: string;
  /** Our deal id, for deals that started as a request of ours. */
  appRequestId: string | null;
  name: string | null;
  stageId: string;
  scheduledAt: Date | null;
  amountCents: number | null;
  ownerHubspotId: string | null;
  serviceType: string | null;
  serviceAddress: string | null;
  skus: string[];
  contactHubspotId: string | null;
  modifiedAt: Date;
}

export interface MirroredTicket {
  hubspotId: string;
  appRequestId: string | null;
  category: TicketCategory;
  pipelineStage: string | null;
  dealHubspotId: string;
  modifiedAt: Date;
}

export async function readCursor(db: Db, name: string): Promise<string | null> {
  return (await db.syncCursor.findUnique({ where: { name } }))?.cursor ?? null;
}

export async function writeCursor(db: Db, name: string, cursor: string): Promise<void> {
  await db.syncCursor.upsert({ where: { name }, create: { name, cursor }, update: { cursor } });
}

export async function upsertOwners(db: Db, owners: readonly HubSpotOwner[]): Promise<void> {
  for (const o of owners) {
    const data = { email: o.email, firstName: o.firstName, lastName: o.lastName, active: !o.archived };
    await db.owner.upsert({ where: { hubspotId: o.id }, create: { hubspotId: o.id, ...data }, update: data });
  }
}

/**
 * Applies HubSpot's view of deals to the mirror: our own requests are matched by HubSpot id or
 * by our id (app_request_id); deals made in HubSpot become new rows. A change older than what
 * the row already holds is skipped, so replays and out-of-order pulls are harmless.
 */
export async function applyDeals(db: Db, deals: readonly MirroredDeal[]): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  const owners = new Map((await db.owner.findMany({ select: { id: true, hubspotId: true } })).map((o) => [o.hubspotId, o.id]));
  const knownStages = new Set((await db.dealStage.findMany({ select: { id: true } })).map((s) => s.id));
  for (const deal of deals) {
    if (!knownStages.has(deal.stageId)) {
      // A stage added in HubSpot after our seed: keep the row (the portal shows it as 'Unknown Stage').
      await db.dealStage.upsert({ where: { id: deal.stageId }, create: { id: deal.stageId, label: deal.stageId, displayOrder: 999 }, update: {} });
      knownStages.add(deal.stageId);
    }
    const mirrored = {
      hubspotId: deal.hubspotId,
      stageId: deal.stageId,
      scheduledAt: deal.scheduledAt,
      amountCents: deal.amountCents,
      ownerId: deal.ownerHubspotId ? (owners.get(deal.ownerHubspotId) ?? null) : null,
      hubspotUpdatedAt: deal.modifiedAt,
      ...(deal.name ? { name: deal.name } : {}),
    };
    const existing = await db.deal.findFirst({
      where: { OR: [{ hubspotId: deal.hubspotId }, ...(deal.appRequestId ? [{ id: deal.appRequestId }] : [])] },
      select: { id: true, hubspotUpdatedAt: true },
    });
    if (existing) {
      if (existing.hubspotUpdatedAt && existing.hubspotUpdatedAt >= deal.modifiedAt) continue;
      await db.deal.update({ where: { id: existing.id }, data: mirrored });
      updated++;
      continue;
    }
    const contact = deal.contactHubspotId ? await db.contact.findUnique({ where: { hubspotId: deal.contactHubspotId }, select: { id: true } }) : null;
    await db.deal.create({
      data: {
        ...mirrored,
        contactId: contact?.id ?? null,
        serviceType: deal.serviceType,
        street: deal.serviceAddress,
        skus: deal.skus,
        source: 'hubspot',
        crmSyncedAt: new Date(),
      },
    });
    created++;
  }
  return { created, updated };
}

/** Sets each deal's invoice (the one HubSpot associates with it). */
export async function applyInvoices(db: Db, byDealHubspotId: ReadonlyMap<string, MirroredInvoice>): Promise<void> {
  for (const [dealHubspotId, invoice] of byDealHubspotId) {
    await db.deal.updateMany({
      where: { hubspotId: dealHubspotId },
      data: {
        invoiceHubspotId: invoice.hubspotId,
        invoiceStatus: invoice.status,
        invoiceAmountCents: invoice.amountCents,
        invoiceNumber: invoice.number,
        invoicePdfUrl: invoice.pdfUrl,
        invoiceUrl: invoice.url,
      },
    });
  }
}

/** Mirrors change and cancel tickets onto the deals they belong to. */
export async function applyTickets(db: Db, tickets: readonly MirroredTicket[]): Promise<number> {
  let applied = 0;
  for (const ticket of tickets) {
    const deal = await db.deal.findUnique({ where: { hubspotId: ticket.dealHubspotId }, select: { id: true, contactId: true } });
    if (!deal) continue; // a ticket on a deal we do not mirror (yet): the next pull that brings the deal brings it
    const existing = await db.ticket.findFirst({
      where: { OR: [{ hubspotId: ticket.hubspotId }, ...(ticket.appRequestId ? [{ id: ticket.appRequestId }] : [])] },
      select: { id: true, hubspotUpdatedAt: true },
    });
    const data = { hubspotId: ticket.hubspotId, category: ticket.category, pipelineStage: ticket.pipelineStage, hubspotUpdatedAt: ticket.modifiedAt };
    if (existing) {
      if (existing.hubspotUpdatedAt && existing.hubspotUpdatedAt >= ticket.modifiedAt) continue;
      await db.ticket.update({ where: { id: existing.id }, data });
    } else {
      await db.ticket.create({ data: { ...data, dealId: deal.id, contactId: deal.contactId, crmSyncedAt: new Date() } });
    }
    applied++;
  }
  return applied;
}
