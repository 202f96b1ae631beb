import type { Db } from './client';
import type { NoticeKind, Prisma } from './generated/client';

/**
 * Monotonic counts of e-mails for /metrics (rows of ops_counter named `email.<event>.<kind>`):
 * the provider took one (the worker, `sent`), it bounced for good or its recipient marked it as
 * spam (the api, from the provider's webhook). Counted in the transaction that records the
 * change, once per e-mail, so they are true counters: no purge of e-mail rows ever lowers them.
 */
export const EMAIL_COUNTED_EVENTS = ['sent', 'bounced', 'complained'] as const;
export type EmailCountedEvent = (typeof EMAIL_COUNTED_EVENTS)[number];

type Client = Db | Prisma.TransactionClient;

const PREFIX = 'email.';

export async function countEmail(db: Client, event: EmailCountedEvent, kind: NoticeKind): Promise<void> {
  const name = `${PREFIX}${event}.${kind}`;
  await db.$executeRaw`
    INSERT INTO ops_counter (name, value) VALUES (${name}, 1)
    ON CONFLICT (name) DO UPDATE SET value = ops_counter.value + 1`;
}

export interface EmailCount {
  event: EmailCountedEvent;
  kind: string;
  count: number;
}

export async function emailCounts(db: Client): Promise<EmailCount[]> {
  const rows = await db.opsCounter.findMany({ where: { name: { startsWith: PREFIX } }, select: { name: true, value: true } });
  return rows.flatMap((row) => {
    const [event, kind] = row.name.slice(PREFIX.length).split('.');
    return (EMAIL_COUNTED_EVENTS as readonly string[]).includes(event ?? '') && kind ? [{ event: event as EmailCountedEvent, kind, count: Number(row.value) }] : [];
  });
}
