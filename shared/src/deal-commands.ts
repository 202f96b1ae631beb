import { z } from 'zod';
import { sentQuoteSchema } from './quote';

/**
 * Staff actions on a deal are commands (docs/staff-actions.md): written in Postgres with their
 * outbox event, applied to HubSpot by the worker only if HubSpot has not changed what the
 * staff member saw. This is their shape, shared by the staff pages, the api and the worker.
 */

/** The deal fields a command sets and watches: what HubSpot may have changed since. */
export interface DealFacts {
  stageId: string;
  /** ISO instant of the appointment; null when none. */
  scheduledAt: string | null;
  /** Our owner (cleaner) id; null when unassigned. */
  ownerId: string | null;
  amountCents: number | null;
}

export const DEAL_FACT_LABELS: Record<keyof DealFacts, string> = {
  stageId: 'Stage',
  scheduledAt: 'Date and time',
  ownerId: 'Cleaner',
  amountCents: 'Amount',
};

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

/** The kinds of command deal_command holds (its CHECK constraint). */
export const DEAL_COMMAND_KINDS = ['move', 'schedule', 'close-out', 'quote', 'request-answer'] as const;

/** A command as the staff pages show it. */
export const dealCommandViewSchema = z.object({
  id: z.string(),
  kind: z.enum(DEAL_COMMAND_KINDS),
  changes: z.object({
    stageId: z.string(),
    scheduledAt: z.string().nullable().optional(),
    ownerId: z.string().nullable().optional(),
    amountCents: z.number().nullable().optional(),
    /** A 'quote' command: the quote as sent (shared/quote.ts). */
    quote: sentQuoteSchema.optional(),
  }),
  reason: z.string().nullable(),
  staffEmail: z.string(),
  status: z.enum(['pending', 'applied', 'conflict', 'failed']),
  conflict: z.array(z.object({ field: z.enum(['stageId', 'scheduledAt', 'ownerId', 'amountCents']), saw: z.union([z.string(), z.number(), z.null()]), now: z.union([z.string(), z.number(), z.null()]) })).nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type DealCommandView = z.infer<typeof dealCommandViewSchema>;

/** The fields whose values differ between two versions of a deal. */
export function changedFacts(saw: DealFacts, now: DealFacts): FactChange[] {
  const fields = Object.keys(DEAL_FACT_LABELS) as (keyof DealFacts)[];
  return fields.filter((field) => !sameFact(field, saw[field], now[field])).map((field) => ({ field, saw: saw[field], now: now[field] }));
}

function sameFact(field: keyof DealFacts, a: string | number | null, b: string | number | null): boolean {
  if (field === 'scheduledAt' && typeof a === 'string' && typeof b === 'string') return Date.parse(a) === Date.parse(b);
  return a === b;
}
