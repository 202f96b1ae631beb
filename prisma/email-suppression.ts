import type { Db } from './client';
import type { Prisma } from './generated/client';

/**
 * What stops e-mail to an address (the email_suppression table, docs/email.md#bounces-and-complaints):
 * written by the api when the provider's webhook reports a hard bounce or a complaint and when a
 * customer unsubscribes; read by the worker before each e-mail goes. Addresses are lower-cased.
 */

type Client = Db | Prisma.TransactionClient;

/** Kept as the reason of a complaint: providers pass on no words of the recipient's. */
export const COMPLAINT_REASON = 'The recipient marked one of our e-mails as spam.';

export interface EmailSuppression {
  unsubscribedAt: Date | null;
  bouncedAt: Date | null;
  complainedAt: Date | null;
  /** The provider's words for the bounce or complaint in force (COMPLAINT_REASON for a complaint). */
  reason: string | null;
}

const normalise = (address: string) => address.trim().toLowerCase();

export async function findSuppression(db: Client, address: string): Promise<EmailSuppression | null> {
  return db.emailSuppression.findUnique({ where: { address: normalise(address) }, select: { unsubscribedAt: true, bouncedAt: true, complainedAt: true, reason: true } });
}

/**
 * E-mail to `address` bounced for good at `at`, in the provider's words: nothing more goes to it.
 * An address already bounced keeps its first date and takes the newer words (the same report
 * twice changes nothing). Nothing is recorded
 * when an e-mail to the address was delivered after `at`: reports can arrive out of order, and
 * the later delivery is the fresher news. True when the address was not bounced before.
 */
export async function recordBounce(db: Client, address: string, reason: string, at: Date): Promise<boolean> {
  const to = normalise(address);
  const [row] = await db.$queryRaw<{ fresh: boolean }[]>`
    WITH before AS (SELECT bounced_at FROM email_suppression WHERE address = ${to})
    INSERT INTO email_suppression AS s (address, bounced_at, reason, updated_at)
    SELECT ${to}, ${at}, ${reason}, now()
    WHERE NOT EXISTS (
      SELECT 1 FROM email_message
      WHERE lower(to_address) = ${to} AND delivery = 'delivered'::email_delivery AND delivery_reported_at > ${at}
    )
    ON CONFLICT (address) DO UPDATE SET bounced_at = COALESCE(s.bounced_at, EXCLUDED.bounced_at), reason = EXCLUDED.reason, updated_at = now()
      WHERE s.bounced_at IS NULL OR s.reason IS DISTINCT FROM EXCLUDED.reason
    RETURNING (SELECT bounced_at FROM before) IS NULL AS fresh`;
  return row?.fresh ?? false;
}

/**
 * The recipient marked an e-mail to `address` as spam at `at`: nothing more goes to it. Only the
 * customer can undo that (resumeEmail), never a later delivery. True when it was not recorded before.
 */
export async function recordComplaint(db: Client, address: string, at: Date): Promise<boolean> {
  const to = normalise(address);
  const [row] = await db.$queryRaw<{ fresh: boolean }[]>`
    WITH before AS (SELECT complained_at FROM email_suppression WHERE address = ${to})
    INSERT INTO email_suppression AS s (address, complained_at, reason, updated_at)
    VALUES (${to}, ${at}, ${COMPLAINT_REASON}, now())
    ON CONFLICT (address) DO UPDATE SET complained_at = EXCLUDED.complained_at, reason = EXCLUDED.reason, updated_at = now()
      WHERE s.complained_at IS NULL
    RETURNING (SELECT complained_at FROM before) IS NULL AS fresh`;
  return row?.fresh ?? false;
}

/**
 * An e-mail to `address` was delivered at `at`: the address works again, so a bounce recorded
 * before then is lifted (a complaint stays: it was the recipient's choice). True when it lifted one.
 */
export async function liftBounce(db: Client, address: string, at: Date): Promise<boolean> {
  const to = normalise(address);
  const lifted = await db.$executeRaw`
    UPDATE email_suppression
    SET bounced_at = NULL, reason = CASE WHEN complained_at IS NULL THEN NULL ELSE ${COMPLAINT_REASON} END, updated_at = now()
    WHERE address = ${to} AND bounced_at IS NOT NULL AND bounced_at <= ${at}`;
  return lifted > 0;
}

/**
 * The customer asked for e-mail again (the portal's "send me e-mails again", signed in as the
 * owner of `address`) at `at`: a bounce and a complaint recorded before then are lifted, since
 * the person's own request now is fresher than a bounce or their earlier spam click. An
 * unsubscribe from reminders and rating requests stays (it has its own way back). True when
 * something was lifted. The provider keeps a suppression list of its own: docs/email.md says how
 * to clear the address there too, or its next e-mail comes back refused and bounces again.
 */
export async function resumeEmail(db: Client, address: string, at: Date): Promise<boolean> {
  const to = normalise(address);
  const lifted = await db.$executeRaw`
    UPDATE email_suppression
    SET bounced_at = CASE WHEN bounced_at <= ${at} THEN NULL ELSE bounced_at END,
        complained_at = CASE WHEN complained_at <= ${at} THEN NULL ELSE complained_at END,
        reason = CASE WHEN (bounced_at IS NULL OR bounced_at <= ${at}) AND (complained_at IS NULL OR complained_at <= ${at}) THEN NULL ELSE reason END,
        updated_at = now()
    WHERE address = ${to} AND (bounced_at <= ${at} OR complained_at <= ${at})`;
  return lifted > 0;
}
