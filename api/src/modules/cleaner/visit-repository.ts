import { randomUUID } from 'node:crypto';
import type { Db, DbTransaction, Prisma } from '@app/db/client';
import { findBookingTextsChoice } from '@app/db/sms-consent';
import { findOptOut } from '@app/db/sms-opt-out';
import { planNotice, queueNoticeEmail } from '@app/runtime/outbox/customer-notice';
import { outboxEvent } from '@app/runtime/outbox/events';
import { visitChecklist, type ChecklistResult, type VisitChecklist, type VisitChecklistItem } from '@app/shared/cleaning-checklists';
import type { VisitRow } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { commandDealSelect, factsOf, recordDealCommandIn, type CommandOutcome } from '../staff/common/command-repository';
import { closeOutDraft } from '../staff/deals/close-out-repository';

/** The taps of a visit, as every read model selects them. */
export const visitSelect = { onMyWayAt: true, etaMinutes: true, startedAt: true, doneAt: true } as const satisfies Prisma.CleaningVisitSelect;

/** A cleaning as a tap checks it: whose, when, which stage, which service (and its checklist), who to text. */
export interface TappedDeal {
  id: string;
  ownerId: string | null;
  stageId: string;
  scheduledAt: Date | null;
  serviceType: string | null;
  phone: string | null;
  /** The booking's e-mail (the contact's), where the notice's e-mail goes; null: none. */
  email: string | null;
  /** The visit's checklist: the service's items, the paid add-ons, the rooms listed. */
  checklist: VisitChecklist;
}

export async function findTappedDeal(db: Db, dealId: string): Promise<TappedDeal | null> {
  const deal = await db.deal.findFirst({
    where: { id: dealId, archivedAt: null },
    select: {
      id: true,
      ownerId: true,
      stageId: true,
      scheduledAt: true,
      serviceType: true,
      skus: true,
      submittedPhone: true,
      contact: { select: { phone: true, email: true } },
      bookingRequest: { select: { rooms: true } },
    },
  });
  if (!deal) return null;
  const { submittedPhone, contact, skus, bookingRequest, ...rest } = deal;
  // The phone the deal's texts go to, as the worker's notices choose it.
  return { ...rest, phone: contact?.phone ?? submittedPhone, email: contact?.email ?? null, checklist: visitChecklist({ serviceType: deal.serviceType, skus, rooms: bookingRequest?.rooms }) };
}

export interface Tapper {
  /** Our owner row of the cleaner (the session's). */
  ownerId: string;
  email: string;
}

/**
 * The deal's visit row, made if missing, locked for the rest of the transaction: two taps at
 * once (a double tap, two phones) are taken one after the other, and the second sees the first.
 */
async function lockedVisit(tx: DbTransaction, dealId: string, cleaner: Tapper): Promise<VisitRow> {
  const owner = await tx.owner.findUniqueOrThrow({ where: { id: cleaner.ownerId }, select: { hubspotId: true } });
  await tx.cleaningVisit.createMany({ data: [{ dealId, ownerHubspotId: owner.hubspotId, cleanerEmail: cleaner.email }], skipDuplicates: true });
  const [row] = await tx.$queryRaw<VisitRow[]>`
    SELECT on_my_way_at AS "onMyWayAt", eta_minutes AS "etaMinutes", started_at AS "startedAt", done_at AS "doneAt"
    FROM cleaning_visit WHERE deal_id = ${dealId} FOR UPDATE`;
  return row!;
}

/** The items ticked so far as the cleaner went (none before the first tap). */
export async function findTicks(db: Db, dealId: string): Promise<string[]> {
  return (await db.cleaningVisit.findUnique({ where: { dealId }, select: { tickedItems: true } }))?.tickedItems ?? [];
}

/**
 * Ticks or unticks one item of the checklist as the cleaner goes: idempotent (ticking a ticked
 * item changes nothing), taken one after the other with the other taps (the visit row is locked).
 * After Done nothing changes: the checklist kept at Done is the answer. Returns the ticks.
 */
export async function recordTick(db: Db, dealId: string, cleaner: Tapper, itemId: string, ticked: boolean): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const visit = await lockedVisit(tx, dealId, cleaner);
    const [row] = await tx.$queryRaw<{ tickedItems: string[] }[]>`SELECT ticked_items AS "tickedItems" FROM cleaning_visit WHERE deal_id = ${dealId}`;
    const before = row?.tickedItems ?? [];
    if (visit.doneAt || before.includes(itemId) === ticked) return before;
    const after = ticked ? [...before, itemId] : before.filter((id) => id !== itemId);
    await tx.cleaningVisit.update({ where: { dealId }, data: { tickedItems: after } });
    return after;
  });
}

/** The visit of a deal as it stands (null: no tap yet). */
export function findVisit(db: Db, dealId: string): Promise<VisitRow | null> {
  return db.cleaningVisit.findUnique({ where: { dealId }, select: visitSelect });
}

const onMyWayKey = (dealId: string) => `on_my_way:${dealId}`;

/** Whether the on-my-way text of a deal was written (the customer is, or was to be, texted). */
export async function onMyWayTexted(db: Db, dealId: string): Promise<boolean> {
  return (await db.smsMessage.count({ where: { dedupeKey: onMyWayKey(dealId) } })) > 0;
}

export interface OnMyWayText {
  /** The phone to text; null: none on the deal. */
  phone: string | null;
  /** When it may go out (quiet hours), and when it would come too late (the window's end). */
  sendAt: Date;
  notAfter: Date;
  /** CUSTOMER_TEXTS_OFF names on_my_way. */
  off: boolean;
}

/**
 * Records "On my way" once (a later tap, or one after Start, changes nothing) and, with it, the
 * customer's notice (docs/customer-messages.md#channels) in the same transaction: its
 * customer_notice row, the text (sms_message and sms.send) and the e-mail to the booking's address
 * (email_message and email.send). No text to a phone that opted out or whose newest booking left
 * the text box unticked (the rules the worker applies again when it sends), nor one that could not
 * go out before the window ends; the e-mail, which needs no opt-in and waits for no quiet hours,
 * goes to the address anyway. The worker drops either when the window has ended before it goes.
 */
export async function recordOnMyWay(db: Db, deal: TappedDeal, cleaner: Tapper, minutes: number, text: OnMyWayText, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const visit = await lockedVisit(tx, deal.id, cleaner);
    if (visit.onMyWayAt || visit.startedAt || visit.doneAt) return;
    await tx.cleaningVisit.update({ where: { dealId: deal.id }, data: { onMyWayAt: now, etaMinutes: minutes } });
    const phone = await textablePhone(tx, text);
    if (!phone && !deal.email) return;
    const dedupeKey = onMyWayKey(deal.id);
    const noticeId = await planNotice(tx, { kind: 'on_my_way', dealId: deal.id, subject: {}, dedupeKey });
    if (!noticeId) return;
    if (phone) {
      const messageId = randomUUID();
      const { count } = await tx.smsMessage.createMany({ data: [{ id: messageId, purpose: 'on_my_way', to: phone, dealId: deal.id, dedupeKey, noticeId }], skipDuplicates: true });
      const later = text.sendAt.getTime() > now.getTime() ? { availableAt: text.sendAt } : {};
      if (count > 0) await tx.outboxEvent.create({ data: outboxEvent('sms.send', { messageId }, { aggregateId: messageId, ...later }), select: { id: true } });
    }
    if (deal.email) await queueNoticeEmail(tx, noticeId, { kind: 'on_my_way', to: deal.email, dealId: deal.id });
  });
}

/** The phone the on-my-way text goes to, or null when none may (switched off, no phone, too late, opted out, not agreed). */
async function textablePhone(tx: DbTransaction, text: OnMyWayText): Promise<string | null> {
  if (text.off || !text.phone || text.sendAt.getTime() >= text.notAfter.getTime()) return null;
  if (await findOptOut(tx, text.phone)) return null;
  if ((await findBookingTextsChoice(tx, text.phone))?.textsAgreed === false) return null;
  return text.phone;
}

/** Records the start once (a later tap, or one after Done, changes nothing). */
export async function recordStart(db: Db, dealId: string, cleaner: Tapper, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const visit = await lockedVisit(tx, dealId, cleaner);
    if (visit.startedAt || visit.doneAt) return;
    await tx.cleaningVisit.update({ where: { dealId }, data: { startedAt: now } });
  });
}

export type DoneOutcome = { kind: 'recorded'; commandId: string | null } | { kind: 'already_done' } | Exclude<CommandOutcome, { kind: 'recorded' }>;

/**
 * Records Done once, with its checklist (a start, when none was tapped, at the same moment), and
 * the close-out command the office's close-out writes (outcome done, by the cleaner's e-mail), in
 * one transaction: HubSpot gets Cleaning Done through the outbox, and the rating request follows
 * as for the office's. A cleaning the office closed out as done already gets no second command.
 * Nothing is recorded when the command is refused (another on its way, or not allowed).
 */
export async function recordDone(
  db: Db,
  dealId: string,
  cleaner: Tapper,
  done: { checklist: ChecklistResult; items: readonly VisitChecklistItem[]; note: string },
  now: Date,
): Promise<DoneOutcome> {
  const { checklist, items, note } = done;
  return db.$transaction(async (tx) => {
    const visit = await lockedVisit(tx, dealId, cleaner);
    if (visit.doneAt) return { kind: 'already_done' as const };
    const deal = await tx.deal.findFirst({ where: { id: dealId, archivedAt: null }, select: commandDealSelect });
    if (!deal) return { kind: 'deal_not_found' as const };
    let commandId: string | null = null;
    if (deal.stageId !== STAGE.CLEANING_DONE) {
      // The cleaner saw no version: the deal as read here, in the same transaction, is what they acted on.
      const draft = closeOutDraft({ outcome: 'done', reason: note, seenModifiedAt: deal.hubspotUpdatedAt?.toISOString() ?? null, seen: factsOf(deal) }, now);
      const outcome = await recordDealCommandIn(tx, dealId, draft, cleaner.email);
      if (outcome.kind !== 'recorded') return outcome;
      commandId = outcome.commandId;
    }
    await tx.cleaningVisit.update({
      where: { dealId },
      data: {
        doneAt: now,
        startedAt: visit.startedAt ?? now,
        checklist: checklist as Prisma.InputJsonObject,
        // The checklist as it stood: the office reads the answers by these labels even if the deal's add-ons change later.
        checklistItems: items.map(({ id, label, group }) => ({ id, label, group })) as Prisma.InputJsonArray,
      },
    });
    return { kind: 'recorded' as const, commandId };
  });
}
