import type { Db } from '@app/db/client';
import { isUniqueViolation } from '@app/db/unique-violation';
import type { InvoiceStatus, TicketCategory } from '@app/db/generated/client';
import { dealPhone, emailOf, phoneOf, writeDealNotice, writeNoticeText, writeReminder } from './notice-repository';
import { writeVisitInvoice } from './made-invoice-repository';
import { writePaymentMove } from './payment-command-repository';
import { statusesOutranked } from './invoice-record-repository';
import { cancellationOf, closedOutDone, dealNoticeFor, DEFAULT_NOTICE_POLICY, invoiceBecameOpen, invoiceBecamePaid, invoiceReminders, planVisitReminderFor, ticketAnswered, type NoticePolicy } from './notice-rules';
import { writeRatingRequest } from './rating-repository';
import type { HubSpotOwner } from './hubspot-gateway';
import { followMerge, type MergeConflict, type MergeOutcome } from './merge-repository';

export interface MirroredInvoice {
  hubspotId: string;
  status: InvoiceStatus | null;
  amountCents: number | null;
  number: string | null;
  pdfUrl: string | null;
  url: string | null;
  /** Its hs_due_date and hs_invoice_date (YYYY-MM-DD); null when HubSpot has none. */
  dueDate?: string | null;
  issuedOn?: string | null;
  /** hs_amount_paid. */
  paidCents?: number | null;
  /** Its app_request_id: our made_invoice's id, when the product made it. */
  appRequestId?: string | null;
  /** The invoice's hs_lastmodifieddate: an older copy than the one mirrored is skipped. */
  modifiedAt: Date | null;
}

export interface MirroredDeal {
  hubspotId: string;
  /** Our deal id, for deals that started as a request of ours. */
  appRequestId: string | null;
  name: string | null;
  stageId: string;
  scheduledAt: Date | null;
  durationMinutes: number | null;
  visitOutcome: string | null;
  amountCents: number | null;
  ownerHubspotId: string | null;
  serviceType: string | null;
  serviceAddress: string | null;
  skus: string[];
  contactHubspotId: string | null;
  modifiedAt: Date;
  /** hs_merged_object_ids: deals merged into this one, whose mirror rows follow it. */
  mergedHubspotIds: string[];
}

export interface MirroredTicket {
  hubspotId: string;
  appRequestId: string | null;
  category: TicketCategory;
  pipelineStage: string | null;
  dealHubspotId: string;
  /** The ticket's own contact, for a deal without one. */
  contactHubspotId?: string | null;
  modifiedAt: Date;
  /** hs_merged_object_ids: tickets merged into this one. */
  mergedHubspotIds: string[];
}

/** When the changes are applied, and what the configuration says about customer texts. */
export interface ApplyOptions {
  now?: Date;
  policy?: NoticePolicy;
}

/** What applying a page of records did beyond creating and updating rows. */
export interface MergeReport {
  /** Rows that took the id of the record theirs was merged into. */
  followed: number;
  /** Rows left with a merged id because another row holds the primary's (see followMerge). */
  conflicts: MergeConflict[];
}

function addMerges(report: MergeReport, outcome: MergeOutcome): void {
  report.followed += outcome.followed.length;
  report.conflicts.push(...outcome.conflicts);
}

/**
 * Whether a row's stored state is at least as new as HubSpot's `modifiedAt`, so applying it
 * again would change nothing or go back in time (a re-read, or a copy from a lagging search
 * index). A row the sweep archived is not revived by a copy older than the archiving: only a
 * change made after it (a restore in HubSpot) brings it back.
 */
function holdsNewer(row: { hubspotUpdatedAt: Date | null; archivedAt: Date | null }, modifiedAt: Date): boolean {
  if (row.archivedAt && row.archivedAt >= modifiedAt) return true;
  return row.hubspotUpdatedAt !== null && row.hubspotUpdatedAt >= modifiedAt;
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
 * by our id (app_request_id); a row holding the id of a deal merged into this one takes this
 * one's id; deals made in HubSpot become new rows. A change older than what the row already
 * holds is skipped, so replays, re-reads and out-of-order pulls are harmless. A change that
 * confirms or moves a cleaning writes the customer's text with it (notice-rules.ts); one that
 * cancels it, the customer's e-mail saying so (e-mail only); one that closes a cleaning out as
 * done writes its rating request (rating-repository.ts), and for a plan's visit its invoice
 * (made-invoice-repository.ts).
 */
export async function applyDeals(
  db: Db,
  deals: readonly MirroredDeal[],
  { now = new Date(), policy = DEFAULT_NOTICE_POLICY }: ApplyOptions = {},
): Promise<{ created: number; updated: number; notices: number; createdHubspotIds: string[] } & MergeReport> {
  let notices = 0;
  const createdHubspotIds: string[] = [];
  let created = 0;
  let updated = 0;
  const merges: MergeReport = { followed: 0, conflicts: [] };
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
      durationMinutes: deal.durationMinutes,
      visitOutcome: deal.visitOutcome,
      amountCents: deal.amountCents,
      ownerId: deal.ownerHubspotId ? (owners.get(deal.ownerHubspotId) ?? null) : null,
      hubspotUpdatedAt: deal.modifiedAt,
      archivedAt: null,
      ...(deal.name ? { name: deal.name } : {}),
    };
    addMerges(merges, await followMerge(db, 'deal', deal.mergedHubspotIds, deal.hubspotId));
    const existing = await db.deal.findFirst({
      where: { OR: [{ hubspotId: deal.hubspotId }, ...(deal.appRequestId ? [{ id: deal.appRequestId }] : [])] },
      select: { id: true, hubspotUpdatedAt: true, archivedAt: true, stageId: true, scheduledAt: true, contactId: true, planId: true, ...dealPhone },
    });
    const contact = deal.contactHubspotId ? await db.contact.findUnique({ where: { hubspotId: deal.contactHubspotId }, select: { id: true } }) : null;
    if (existing) {
      if (holdsNewer(existing, deal.modifiedAt)) continue;
      // A deal mirrored before its customer was (docs/product.md §3) takes them; a deal's customer is never swapped.
      const data = existing.contactId === null && contact ? { ...mirrored, contactId: contact.id } : mirrored;
      const told = dealNoticeFor(existing, deal, now);
      const cancellation = cancellationOf(existing, deal, now);
      // One change of a plan moves many visits: only its earliest tells the customer (the others keep their reminders).
      const quiet = existing.planId !== null && (told !== null || cancellation !== null) && (await isQuietPlanChange(db, existing.id));
      const notice = quiet ? null : told;
      const planReminder = quiet ? (told?.scheduledAt ?? null) : notice ? null : planVisitReminderFor(existing, deal, now);
      const done = closedOutDone(existing, deal);
      // A plan's visit is billed once it is done (docs/payments.md): its invoice, made by crm.make-invoice.
      const billed = done && existing.planId !== null;
      const canceled = quiet ? null : cancellation;
      const phone = phoneOf(existing);
      const email = emailOf(existing);
      if (((notice || planReminder) && (phone || email)) || (done && phone) || (canceled && email) || billed) {
        // The row and its text together: a crash between them neither loses nor repeats the text.
        const closedOutAt = done ? await closeOutTime(db, existing.id, now) : now;
        await db.$transaction(async (tx) => {
          await tx.deal.update({ where: { id: existing.id }, data });
          if (notice && (await writeDealNotice(tx, policy, { id: existing.id, to: phone, email }, notice, now))) notices++;
          if (planReminder && (await writeReminder(tx, policy, { id: existing.id, to: phone, email }, planReminder, now))) notices++;
          if (done && phone) {
            const rating = { dealId: existing.id, phone, email, contactId: existing.contactId ?? contact?.id ?? null, ownerId: mirrored.ownerId, scheduledAt: deal.scheduledAt! };
            if (await writeRatingRequest(tx, policy, rating, closedOutAt, now)) notices++;
          }
          if (canceled && (await writeNoticeText(tx, policy, { kind: 'canceled', dealId: existing.id, to: null, email, subject: canceled, dueAt: now }))) notices++;
          if (billed) await writeVisitInvoice(tx, existing.id);
        });
      } else {
        await db.deal.update({ where: { id: existing.id }, data });
      }
      updated++;
      continue;
    }
    try {
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
    } catch (error) {
      // Two pulls at once (a scheduled one still running when another starts) both found it
      // missing: the other one mirrored this same record meanwhile, and the next pull reads it again.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    created++;
    createdHubspotIds.push(deal.hubspotId);
  }
  return { created, updated, notices, createdHubspotIds, ...merges };
}

/**
 * When a cleaning was closed out: the staff close-out command that marked it done (its time, even
 * when HubSpot was slow to take it), else the moment the mirror sees it done.
 */
async function closeOutTime(db: Db, dealId: string, now: Date): Promise<Date> {
  const command = await db.dealCommand.findFirst({
    where: { dealId, kind: 'close-out', status: { in: ['pending', 'applied'] } },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true, changes: true },
  });
  const outcome = (command?.changes as { outcome?: unknown } | undefined)?.outcome;
  return command && outcome === 'done' ? command.createdAt : now;
}

/** What a paid invoice's move reads of its deal. */
const paidDealSelect = { id: true, stageId: true, scheduledAt: true, ownerId: true, amountCents: true, durationMinutes: true, hubspotUpdatedAt: true } as const;

/**
 * Sets each deal's invoice (the one HubSpot associates with it), unless the deal already holds
 * that invoice in a version at least as new (re-reads, and search results from a lagging index).
 * An invoice that became open texts the customer its link, in the same transaction, except on a
 * deal first mirrored in this very pull (`newDeals`: an account's first pull must not text
 * every customer with an open invoice), with its reminders for when it is still unpaid after its
 * due date (invoiceReminders). An invoice that became paid sends the customer's
 * receipt and moves its deal on to be scheduled, in the same transaction (writePaymentMove).
 */
export async function applyInvoices(
  db: Db,
  byDealHubspotId: ReadonlyMap<string, MirroredInvoice>,
  { now = new Date(), policy = DEFAULT_NOTICE_POLICY, newDeals = new Set<string>() }: ApplyOptions & { newDeals?: ReadonlySet<string> } = {},
): Promise<{ notices: number }> {
  let notices = 0;
  for (const [dealHubspotId, invoice] of byDealHubspotId) {
    const deal = await db.deal.findUnique({
      where: { hubspotId: dealHubspotId },
      select: { ...paidDealSelect, invoiceHubspotId: true, invoiceStatus: true, ...dealPhone },
    });
    if (!deal) continue;
    // Conditional, not just checked above: a pull and a sweep at once never put an older copy back.
    const notOlder = invoice.modifiedAt
      ? [{ invoiceHubspotId: null }, { invoiceHubspotId: { not: invoice.hubspotId } }, { invoiceHubspotUpdatedAt: null }, { invoiceHubspotUpdatedAt: { lt: invoice.modifiedAt } }]
      : [{}];
    // Another invoice of the deal's that counts more (a reissue's, over the invoice it voided) stays.
    const notOutranked = [{ invoiceHubspotId: null }, { invoiceHubspotId: invoice.hubspotId }, { invoiceStatus: null }, { invoiceStatus: { in: statusesOutranked(invoice.status) } }];
    const where = { id: deal.id, AND: [{ OR: notOlder }, { OR: notOutranked }] };
    const data = {
      invoiceHubspotId: invoice.hubspotId,
      invoiceStatus: invoice.status,
      invoiceAmountCents: invoice.amountCents,
      invoiceNumber: invoice.number,
      invoicePdfUrl: invoice.pdfUrl,
      invoiceUrl: invoice.url,
      invoiceHubspotUpdatedAt: invoice.modifiedAt,
    };
    const phone = phoneOf(deal);
    const email = emailOf(deal);
    // Paid: the customer's receipt, and the deal moves on to be scheduled (payment-command-repository.ts), with the invoice's mirror.
    if (!newDeals.has(dealHubspotId) && invoiceBecamePaid(deal, invoice)) {
      await db.$transaction(async (tx) => {
        const { count } = await tx.deal.updateMany({ where, data });
        if (count === 0) return;
        if ((phone || email) && (await writeNoticeText(tx, policy, { kind: 'payment_received', dealId: deal.id, to: phone, email, subject: { invoiceId: invoice.hubspotId }, dueAt: now }))) notices++;
        await writePaymentMove(tx, deal, { cents: invoice.amountCents, at: invoice.modifiedAt ?? now });
      });
    } else if ((phone || email) && !newDeals.has(dealHubspotId) && invoiceBecameOpen(deal, invoice)) {
      await db.$transaction(async (tx) => {
        const { count } = await tx.deal.updateMany({ where, data });
        if (count === 0) return;
        const written = await writeNoticeText(tx, policy, { kind: 'invoice_ready', dealId: deal.id, to: phone, email, subject: { invoiceId: invoice.hubspotId }, dueAt: now });
        if (written) notices++;
        // Its reminders, due days past its due date, dropped when they find it paid or voided.
        for (const reminder of invoiceReminders(invoice.dueDate ?? null, policy, now)) {
          await writeNoticeText(tx, policy, { kind: 'invoice_reminder', dealId: deal.id, to: phone, email, subject: { invoiceId: invoice.hubspotId, reminder: reminder.nth }, dueAt: reminder.at });
        }
      });
    } else {
      await db.deal.updateMany({ where, data });
    }
  }
  return { notices };
}

/**
 * Mirrors change and cancel tickets onto the deals they belong to (a merged ticket's row follows
 * it). A ticket that closes (the request was answered) texts the customer, in the same
 * transaction; a ticket seen for the first time already closed does not.
 */
export async function applyTickets(
  db: Db,
  tickets: readonly MirroredTicket[],
  { now = new Date(), policy = DEFAULT_NOTICE_POLICY }: ApplyOptions = {},
): Promise<{ applied: number; notices: number } & MergeReport> {
  let applied = 0;
  let notices = 0;
  const merges: MergeReport = { followed: 0, conflicts: [] };
  for (const ticket of tickets) {
    const deal = await db.deal.findUnique({ where: { hubspotId: ticket.dealHubspotId }, select: { id: true, contactId: true, ...dealPhone } });
    // A ticket on a deal we do not mirror (yet): a later pull whose re-read window still covers the ticket brings it.
    if (!deal) continue;
    addMerges(merges, await followMerge(db, 'ticket', ticket.mergedHubspotIds, ticket.hubspotId));
    const existing = await db.ticket.findFirst({
      where: { OR: [{ hubspotId: ticket.hubspotId }, ...(ticket.appRequestId ? [{ id: ticket.appRequestId }] : [])] },
      select: { id: true, hubspotUpdatedAt: true, archivedAt: true, pipelineStage: true },
    });
    const data = { hubspotId: ticket.hubspotId, category: ticket.category, pipelineStage: ticket.pipelineStage, hubspotUpdatedAt: ticket.modifiedAt, archivedAt: null };
    if (existing) {
      if (holdsNewer(existing, ticket.modifiedAt)) continue;
      const phone = phoneOf(deal);
      const email = emailOf(deal);
      // An unhappy customer's ticket is the office's own (staff call them): closing it texts nobody.
      if ((phone || email) && ticket.category !== 'UnhappyCustomer' && ticketAnswered(existing.pipelineStage, ticket.pipelineStage)) {
        await db.$transaction(async (tx) => {
          await tx.ticket.update({ where: { id: existing.id }, data });
          const subject = { ticketId: existing.id };
          if (await writeNoticeText(tx, policy, { kind: 'request_answered', dealId: deal.id, to: phone, email, subject, dueAt: now })) notices++;
        });
      } else {
        await db.ticket.update({ where: { id: existing.id }, data });
      }
    } else {
      const own = deal.contactId === null && ticket.contactHubspotId ? await db.contact.findUnique({ where: { hubspotId: ticket.contactHubspotId }, select: { id: true } }) : null;
      await db.ticket.create({ data: { ...data, dealId: deal.id, contactId: deal.contactId ?? own?.id ?? null, crmSyncedAt: new Date() } });
    }
    applied++;
  }
  return { applied, notices, ...merges };
}

/** Of tickets (id → their deals' HubSpot ids), those whose first deal the mirror holds without a customer. */
export async function ticketsOnDealsWithoutCustomer(db: Db, dealsByTicket: ReadonlyMap<string, string[]>): Promise<string[]> {
  const firsts = [...dealsByTicket].flatMap(([ticketId, dealIds]) => (dealIds[0] ? [[ticketId, dealIds[0]] as const] : []));
  if (firsts.length === 0) return [];
  const rows = await db.deal.findMany({ where: { hubspotId: { in: firsts.map(([, dealId]) => dealId) }, contactId: null }, select: { hubspotId: true } });
  const mirrored = new Set(rows.map((r) => r.hubspotId));
  return firsts.flatMap(([ticketId, dealId]) => (mirrored.has(dealId) ? [ticketId] : []));
}

export interface RecordVersion {
  hubspotId: string;
  modifiedAt: Date;
}

/**
 * Of `records`, the HubSpot ids whose deal or ticket row already holds that version or a newer
 * one: nothing to apply, so the pull spends no further HubSpot requests on them (a re-read
 * window reads most records several times).
 */
export async function heldVersions(db: Db, table: 'deal' | 'ticket', records: readonly RecordVersion[]): Promise<Set<string>> {
  const ids = records.map((r) => r.hubspotId);
  const select = { hubspotId: true, hubspotUpdatedAt: true, archivedAt: true } as const;
  const rows =
    table === 'deal'
      ? await db.deal.findMany({ where: { hubspotId: { in: ids } }, select })
      : await db.ticket.findMany({ where: { hubspotId: { in: ids } }, select });
  const byId = new Map(rows.map((r) => [r.hubspotId, r]));
  const held = records.filter((r) => {
    const row = byId.get(r.hubspotId);
    return row !== undefined && holdsNewer(row, r.modifiedAt);
  });
  return new Set(held.map((r) => r.hubspotId));
}

/**
 * Whether the deal's change is one of a recurring plan's change's later visits (a pending `plan`
 * command marked quiet, docs/recurring-plans.md): its text is left to the change's earliest visit.
 */
async function isQuietPlanChange(db: Db, dealId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ quiet: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM deal_command WHERE deal_id = ${dealId} AND kind = 'plan' AND status = 'pending' AND changes->>'quiet' = 'true') AS quiet`;
  return row?.quiet ?? false;
}
