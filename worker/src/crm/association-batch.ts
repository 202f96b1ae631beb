import { z } from 'zod';

/**
 * What the gateway reads of an associations batch-read answer, the same in v4 and the date
 * versions: per `from` record its associated ids and, when it has more than one page of them,
 * where its list goes on. Ids are read as strings or numbers: the published specs say string,
 * v4 sends numbers.
 */
const id = z.union([z.string().min(1), z.number()]).transform(String);

const associationBatchAnswer = z.object({
  results: z
    .array(
      z.object({
        from: z.object({ id }),
        to: z.array(z.object({ toObjectId: id })),
        paging: z.object({ next: z.object({ after: z.string() }).optional() }).optional(),
      }),
    )
    .default([]),
});

export type AssociationBatchAnswer = z.output<typeof associationBatchAnswer>;

/** HubSpot's answer as the gateway uses it; an answer of another shape is an error naming what is wrong. */
export function parseAssociationBatch(answer: unknown, what: string): AssociationBatchAnswer {
  const parsed = associationBatchAnswer.safeParse(answer);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${what}: HubSpot's answer is not the documented shape (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unreadable'})`);
}
