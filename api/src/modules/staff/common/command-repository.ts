import { randomUUID } from 'node:crypto';
import type { Db, Prisma } from '@app/db/client';
import { isUniqueViolation } from '@app/db/unique-violation';
import { outboxEvent } from '@app/runtime/outbox/events';
import { changedFacts, type DealCommandKind, type DealFacts } from '@app/shared/deal-commands';
import { OWNER_INACTIVE } from '@app/shared/staff-admin';

type Tx = Prisma.TransactionClient;

/** The deal as a command's checks read it, inside the command's transaction. */
export const commandDealSelect = {
  id: true,
  name: true,
  serviceType: true,
  stageId: true,
  scheduledAt: true,
  durationMinutes: true,
  ownerId: true,
  amountCents: true,
  preferredDate: true,
  timeOfDay: true,
  hubspotUpdatedAt: true,
} as const satisfies Prisma.DealSelect;
export type CommandDeal = Prisma.DealGetPayload<{ select: typeof commandDealSelect }>;

/** What a kind's own check says when it refuses: the status, code, field and text the api answers with. */
export interface Refusal {
  status: 400 | 409;
  code: string;
  field: string;
  message: string;
}

export interface CommandDraft {
  kind: DealCommandKind;
  /** The deal's version (hs_lastmodifieddate) the staff member saw, ISO; null for a deal never mirrored. */
  seenModifiedAt: string | null;
  /** The watched fields as the page showed them: a newer version that changed none of them is not stale. */
  seen?: DealFacts | undefined;
  reason?: string | undefined;
  /** What the command sets, from the deal as read in the transaction; or a refusal. */
  decide: (tx: Tx, deal: CommandDeal, seen: DealFacts) => Promise<{ changes: Record<string, unknown> } | Refusal>;
}

export type CommandOutcome =
  | { kind: 'recorded'; commandId: string }
  | { kind: 'deal_not_found' }
  | { kind: 'stale'; current: string | null }
  | { kind: 'pending' }
  | { kind: 'refused'; refusal: Refusal };

/**
 * Records a staff command on a deal with its outbox event, in one transaction, after the checks
 * every kind shares (docs/staff-actions.md): the page showed the version the mirror holds, and
 * no other command of the deal is on its way. The kind's own checks (`decide`) then say what it
 * sets, or why not. The mirror itself changes only once HubSpot has the change
 * (crm.apply-deal-command).
 */
export async function recordDealCommand(db: Db, dealId: string, draft: CommandDraft, staffEmail: string): Promise<CommandOutcome> {
  try {
    return await db.$transaction((tx) => recordDealCommandIn(tx, dealId, draft, staffEmail));
  } catch (error) {
    // Two commands on one deal at once: the one-pending index lets one in.
    if (isPendingClash(error)) return { kind: 'pending' };
    throw error;
  }
}

/** Whether a write failed because another command of the deal is pending (the one-pending index). */
export const isPendingClash = (error: unknown): boolean => isUniqueViolation(error);

/** The kinds that change a visit itself (its date, cleaner, stage, price or what the customer asked). */
const DETACHING_KINDS: ReadonlySet<string> = new Set(['move', 'schedule', 'quote', 'request-answer']);

/**
 * recordDealCommand inside the caller's transaction (a cleaner's done writes its visit with it).
 * A clash with another pending command throws (isPendingClash): the caller's transaction is lost.
 */
export async function recordDealCommandIn(tx: Tx, dealId: string, draft: CommandDraft, staffEmail: string): Promise<CommandOutcome> {
  const found = await readCommandDeal(tx, dealId);
  if (!found) return { kind: 'deal_not_found' as const };
  const { pending, ...deal } = found;
  const version = deal.hubspotUpdatedAt?.toISOString() ?? null;
  const seenVersion = draft.seenModifiedAt === null ? null : new Date(draft.seenModifiedAt).toISOString();
  // HubSpot's version also moves for what the office does not see (a note, an association):
  // only a change of a watched field since the page looked makes the command stale.
  const unchanged = draft.seen !== undefined && changedFacts(draft.seen, factsOf(deal)).length === 0;
  if (version !== seenVersion && !unchanged) return { kind: 'stale' as const, current: version };
  if (pending) return { kind: 'pending' as const };
  const seen = factsOf(deal);
  const decided = await draft.decide(tx, deal, seen);
  if ('status' in decided) return { kind: 'refused' as const, refusal: decided };
  const commandId = randomUUID();
  const event = outboxEvent('crm.apply-deal-command', { commandId }, { aggregateId: commandId });
  // The command and its outbox event in one statement (docs/decisions/raw-sql.md, 3: each Prisma
  // query costs the api about a millisecond of CPU, and every staff action takes this path).
  // A recurring plan's visit changed on its own is detached: later changes of the plan leave it
  // (docs/recurring-plans.md). A close-out is the visit happening, not a change of it.
  // An answer that only closes the request (a decline, an approval that sets nothing) leaves the visit the plan's.
  const answerChanges = decided.changes as { scheduledAt?: unknown; stageId?: unknown };
  const detaches = DETACHING_KINDS.has(draft.kind) && (draft.kind !== 'request-answer' || Boolean(answerChanges.scheduledAt || answerChanges.stageId));
  await tx.$executeRaw`
    WITH command AS (
      INSERT INTO deal_command (id, deal_id, kind, changes, seen, seen_modified_at, reason, staff_email)
      VALUES (${commandId}::uuid, ${dealId}, ${draft.kind}, ${JSON.stringify(decided.changes)}::jsonb, ${JSON.stringify(seen)}::jsonb,
        ${deal.hubspotUpdatedAt}::timestamptz, ${draft.reason || null}, ${staffEmail})
      RETURNING id
    ), detached AS (
      UPDATE deal SET plan_detached_at = now() WHERE id = ${dealId} AND ${detaches} AND plan_id IS NOT NULL AND plan_detached_at IS NULL
    )
    INSERT INTO outbox_event (id, type, payload, aggregate_type, aggregate_id)
    SELECT ${event.id}::uuid, ${event.type}, ${JSON.stringify(event.payload)}::jsonb, ${event.aggregateType}, ${event.aggregateId} FROM command`;
  return { kind: 'recorded' as const, commandId };
}

/**
 * The deal as a command's checks read it, and whether another command of it is on its way, in
 * one statement (the one-pending index still decides a race between two).
 */
async function readCommandDeal(tx: Tx, dealId: string): Promise<(CommandDeal & { pending: boolean }) | null> {
  const rows = await tx.$queryRaw<(Omit<CommandDeal, 'preferredDate'> & { preferredDate: string | null; pending: boolean })[]>`
    SELECT d.id, d.name, d.service_type AS "serviceType", d.stage_id AS "stageId", d.scheduled_at AS "scheduledAt",
      d.duration_minutes AS "durationMinutes", d.owner_id AS "ownerId", d.amount_cents AS "amountCents",
      to_char(d.preferred_date, 'YYYY-MM-DD') AS "preferredDate", d.time_of_day AS "timeOfDay", d.hubspot_updated_at AS "hubspotUpdatedAt",
      EXISTS (SELECT 1 FROM deal_command m WHERE m.deal_id = d.id AND m.status = 'pending') AS pending
    FROM deal d WHERE d.id = ${dealId} AND d.archived_at IS NULL`;
  const row = rows[0];
  if (!row) return null;
  // A date column as Prisma gives it: midnight UTC of that day.
  return { ...row, preferredDate: row.preferredDate === null ? null : new Date(`${row.preferredDate}T00:00:00.000Z`) };
}

/** The watched fields of the deal as the mirror holds them. */
export function factsOf(deal: CommandDeal): DealFacts {
  return {
    stageId: deal.stageId,
    scheduledAt: deal.scheduledAt?.toISOString() ?? null,
    ownerId: deal.ownerId,
    amountCents: deal.amountCents,
    durationMinutes: deal.durationMinutes,
  };
}

/** A cleaner a command names: on the roster and active, or the refusal. */
export async function ownerRefusal(tx: Tx, ownerId: string): Promise<Refusal | null> {
  const owner = await tx.owner.findUnique({ where: { id: ownerId }, select: { active: true } });
  if (!owner) return { status: 400, code: 'validation_failed', field: 'ownerId', message: 'Choose a cleaner from the roster.' };
  if (!owner.active) return { status: 409, code: 'owner_inactive', field: 'ownerId', message: OWNER_INACTIVE };
  return null;
}
