import { z } from 'zod';
import { CLOSE_OUT_LABELS, CLOSE_OUT_OUTCOMES } from './close-out';
import { dealFactsSchema, type DealFacts } from './deal-facts';
import { dealStageLabel } from './deal-stages';
import { formatEastern } from './eastern-time';
import { formatUsd } from './money';
import { sentQuoteSchema } from './quote';
import { requestAnswerChangesSchema, type RequestAnswerChanges } from './request-answers';
import { durationText } from './schedule';

/**
 * Staff actions on a deal are commands (docs/staff-actions.md): written in Postgres with their
 * outbox event, applied to HubSpot by the worker only if HubSpot has not changed what the
 * staff member saw. This is their shape, shared by the staff pages, the api and the worker.
 */

export type { DealFacts } from './deal-facts';

export const DEAL_FACT_LABELS: Record<keyof DealFacts, string> = {
  stageId: 'Stage',
  scheduledAt: 'Date and time',
  ownerId: 'Cleaner',
  amountCents: 'Amount',
  durationMinutes: 'Duration',
};

/** What a command does: the kinds the deal_command table takes. */
export const DEAL_COMMAND_KINDS = ['move', 'schedule', 'close-out', 'quote', 'request-answer', 'plan', 'payment'] as const;
export type DealCommandKind = (typeof DEAL_COMMAND_KINDS)[number];

const isoInstant = z.iso.datetime({ offset: true, message: 'Give the date and time as an ISO instant.' });

/**
 * POST /api/internal/admin/deals/:id/moves: move the deal to a stage, with what that stage needs
 * (shared/deal-transitions.ts). `seenModifiedAt` is the deal's version the page showed.
 */
export const dealMoveSchema = z
  .object({
    stageId: z.string().min(1, 'Choose a stage.').max(32),
    scheduledAt: isoInstant.optional(),
    ownerId: z.string().min(1).max(64).nullable().optional(),
    amountCents: z.number().int().min(1, 'Give an amount above zero.').max(10_000_000).optional(),
    reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').optional(),
    seenModifiedAt: isoInstant.nullable(),
    seen: dealFactsSchema.optional(),
  })
  .strict();
export type DealMoveInput = z.infer<typeof dealMoveSchema>;

/** The page showed an older version of the deal than the mirror now holds. */
export const DEAL_CHANGED = 'This cleaning changed in HubSpot since you opened it. Look at it again, then redo your change.';
/** Another change of the deal is on its way to HubSpot. */
export const MOVE_PENDING = 'This cleaning has a change on its way to HubSpot. Try again once it is there.';

export type DealCommandStatus = 'pending' | 'applied' | 'conflict' | 'failed';

/** One field HubSpot changed after the staff member looked. */
export interface FactChange {
  field: keyof DealFacts;
  saw: string | number | null;
  now: string | number | null;
}

const factValue = z.union([z.string(), z.number(), z.null()]);

/**
 * The kinds that set the deal's own fields: a stage, and what it needs or keeps. A `plan` command
 * is a recurring plan's change carried to one of its visits (docs/recurring-plans.md); a
 * `payment` one, the move a paid invoice makes of its deal (docs/payments.md).
 */
export const STAGE_COMMAND_KINDS = ['move', 'schedule', 'close-out', 'plan', 'payment'] as const;

/** What a move, a schedule or a close-out sets (deal_command.changes). */
export const stageChangesSchema = z.object({
  stageId: z.string(),
  scheduledAt: z.string().nullable().optional(),
  ownerId: z.string().nullable().optional(),
  amountCents: z.number().nullable().optional(),
  durationMinutes: z.number().nullable().optional(),
  outcome: z.enum(CLOSE_OUT_OUTCOMES).optional(),
});
export type StageChanges = z.infer<typeof stageChangesSchema>;
export type StageCommandKind = (typeof STAGE_COMMAND_KINDS)[number];

export function isStageCommandKind(kind: string): kind is StageCommandKind {
  return (STAGE_COMMAND_KINDS as readonly string[]).includes(kind);
}

/** What every command shows, whatever its kind. */
const commandViewBase = z.object({
  id: z.string(),
  reason: z.string().nullable(),
  staffEmail: z.string(),
  status: z.enum(['pending', 'applied', 'conflict', 'failed']),
  conflict: z.array(z.object({ field: z.enum(['stageId', 'scheduledAt', 'ownerId', 'amountCents', 'durationMinutes']), saw: factValue, now: factValue })).nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

/** A command as the staff pages show it, by kind. */
/** What a command does, by kind: its kind and what it sets (deal_command.kind and changes). */
export const commandActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(STAGE_COMMAND_KINDS), changes: stageChangesSchema }),
  z.object({ kind: z.literal('request-answer'), changes: requestAnswerChangesSchema }),
  // A quote: Awaiting Quote Approval at its total, with the quote as sent (shared/quote.ts).
  z.object({ kind: z.literal('quote'), changes: stageChangesSchema.extend({ quote: sentQuoteSchema }) }),
]);
export type CommandAction = z.infer<typeof commandActionSchema>;

/** A command as the staff pages show it. */
export const dealCommandViewSchema = z.intersection(commandViewBase, commandActionSchema);
export type DealCommandView = z.infer<typeof dealCommandViewSchema>;

/** The fields whose values differ between two versions of a deal. */
export function changedFacts(saw: DealFacts, now: DealFacts): FactChange[] {
  const fields = Object.keys(DEAL_FACT_LABELS) as (keyof DealFacts)[];
  return fields.filter((field) => !sameFact(field, saw[field], now[field])).map((field) => ({ field, saw: saw[field] ?? null, now: now[field] ?? null }));
}

function sameFact(field: keyof DealFacts, a: string | number | null | undefined, b: string | number | null | undefined): boolean {
  // A command written before a field was watched holds no value for it: the same as none.
  if ((a ?? null) === null && (b ?? null) === null) return true;
  if (field === 'scheduledAt' && typeof a === 'string' && typeof b === 'string') return Date.parse(a) === Date.parse(b);
  return a === b;
}

/** What a command does, in words: the HubSpot note on the deal and the customer page's record say it. */
export function commandSummary(command: CommandAction, cleaner: string | null): string {
  if (command.kind === 'request-answer') return answerSummary(command.changes);
  if (command.kind === 'quote') return `Sent a quote of ${formatUsd(command.changes.quote.totalCents)}: ${dealStageLabel(command.changes.stageId) ?? command.changes.stageId}`;
  const { changes } = command;
  const details = [
    changes.scheduledAt ? `for ${formatEastern(new Date(changes.scheduledAt))}` : null,
    changes.durationMinutes ? `(${durationText(changes.durationMinutes)})` : null,
    cleaner ? `with ${cleaner}` : null,
    changes.amountCents ? `at ${formatUsd(changes.amountCents)}` : null,
  ].filter(Boolean);
  const stage = dealStageLabel(changes.stageId) ?? changes.stageId;
  const outcome = changes.outcome ? ` (${CLOSE_OUT_LABELS[changes.outcome]})` : '';
  return `${COMMAND_VERBS[command.kind]} ${stage}${outcome}${details.length > 0 ? ` ${details.join(' ')}` : ''}`;
}

const COMMAND_VERBS: Record<StageCommandKind, string> = {
  move: 'Moved to',
  schedule: 'Scheduled as',
  'close-out': 'Closed out as',
  plan: 'The plan changed this visit:',
  payment: 'Paid, so moved to',
};

/**
 * What an answer to a change or cancel request or a re-clean claim did; `request` names it
 * ('change request', 're-clean claim') where the caller knows the ticket. An approval that sets
 * a stage is an approved cancellation.
 */
export function answerSummary(changes: RequestAnswerChanges, request = 'request'): string {
  if (changes.answer === 'decline') return `Declined the customer's ${request}`;
  if (changes.scheduledAt) return `Approved the customer's ${request}: moved to ${formatEastern(new Date(changes.scheduledAt))}`;
  if (changes.stageId) return `Approved the customer's ${request}: canceled`;
  return `Approved the customer's ${request}`;
}
