import { randomUUID } from 'node:crypto';
import type { Db, DbTransaction, Prisma } from '@app/db/client';
import { findBookingTextsChoice } from '@app/db/sms-consent';
import { findOptOut } from '@app/db/sms-opt-out';
import { outboxEvent } from '@app/runtime/outbox/events';
import type { ChecklistResult } from '@app/shared/cleaning-checklists';
import type { VisitRow } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { commandDealSelect, factsOf, recordDealCommandIn, type CommandOutcome } from '../staff/common/command-repository';
import { closeOutDraft } from '../staff/deals/close-out-repository';

/** The taps of a visit, as every read model selects them. */
export const visitSelect = { onMyWayAt: true, etaMinutes: true, startedAt: true, doneAt: true } as const satisfies Prisma.CleaningVisitSelect;

/** A cleaning as a tap checks it: whose, when, which stage, which service, who to text. */
export interface TappedDeal {
  id: string;
  ownerId: string | null;
  stageId: string;
  scheduledAt: Date | null;
  serviceType: string | null;
  phone: string | null;
}

export async function findTappedDeal(db: Db, dealId: string): Promise<TappedDeal | null> {
  const deal = await db.deal.findFirst({
    where: { id: dealId, archivedAt: null },
    select: { id: true, ownerId: true, stageId: true, scheduledAt: true, serviceType: true, submittedPhone: true, contact: { select: { phone: true } } },
  });
  if (!deal) return null;
  const { submittedPhone, contact, ...rest } = deal;
  // The phone the deal's texts go to, as the worker's notices choose it.
  return { ...rest, phone: contact?.phone ?? submittedPhone };
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
 * customer's text: its sms_message row and sms.send event, in the same transaction. No text to a
 * phone that opted out or whose newest booking left the text box unticked (the rules the worker
 * applies again when it sends), nor one that could not go out before the window ends.
 */
export async function recordOnMyWay(db: Db, deal: TappedDeal, cleaner: Tapper, minutes: number, text: OnMyWayText, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const visit = await lockedVisit(tx, deal.id, cleaner);
    if (visit.onMyWayAt || visit.startedAt || visit.doneAt) return;
    await tx.cleaningVisit.update({ where: { dealId: deal.id }, data: { onMyWayAt: now, etaMinutes: minutes } });
    if (text.off || !text.phone || text.sendAt.getTime() >= text.notAfter.getTime()) return;
    if (await findOptOut(tx, text.phone)) return;
    if ((await findBookingTextsChoice(tx, text.phone))?.textsAgreed === false) return;
    const messageId = randomUUID();
    const { count } = await tx.smsMessage.createMany({
      data: [{ id: messageId, purpose: 'on_my_way', to: text.phone, dealId: deal.id, dedupeKey: onMyWayKey(deal.id) }],
      skipDuplicates: true,
    });
    if (count === 0) return;
    const later = text.sendAt.getTime() > now.getTime() ? { availableAt: text.sendAt } : {};
    await tx.outboxEvent.create({ data: outboxEvent('sms.send', { messageId }, { aggregateId: messageId, ...later }), select: { id: true } });
  });
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
export async function recordDone(db: Db, dealId: string, cleaner: Tapper, checklist: ChecklistResult, note: string, now: Date): Promise<DoneOutcome> {
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
      data: { doneAt: now, startedAt: visit.startedAt ?? now, checklist: checklist as Prisma.InputJsonObject },
    });
    return { kind: 'recorded' as const, commandId };
  });
}
