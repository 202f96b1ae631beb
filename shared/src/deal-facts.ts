import { z } from 'zod';

/**
 * The deal fields a staff command sets and watches, as the page showed them. Sent with a
 * command next to the version it saw: when HubSpot's version moved on but none of these did (a
 * note or an association changes the version and nothing the office sees), the command is not
 * stale (docs/staff-actions.md).
 */
export const dealFactsSchema = z
  .object({
    stageId: z.string().min(1).max(32),
    /** ISO instant of the appointment; null when none. */
    scheduledAt: z.iso.datetime({ offset: true }).nullable(),
    /** Our owner (cleaner) id; null when unassigned. */
    ownerId: z.string().max(64).nullable(),
    amountCents: z.number().int().nullable(),
    /** Expected duration of the cleaning in minutes; null when none was planned. */
    durationMinutes: z.number().int().nullable(),
  })
  .strict();
export type DealFacts = z.infer<typeof dealFactsSchema>;
