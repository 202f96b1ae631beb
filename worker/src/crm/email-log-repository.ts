import type { Db } from '@app/db/client';

/**
 * The e-mails to log on HubSpot timelines (docs/email.md#on-record-in-hubspot), each
 * email_message row with its HubSpot log state, as text-log-repository.ts keeps a text's:
 *
 * - `hubspot_log_due_at`: set with the e-mail's crm.log-email event when it is sent; cleared once
 *   it is logged (its engagement's id recorded in `hubspot_email_id`) or skipped.
 * - `hubspot_log_claimed_at`: when a job last took the e-mail. For LOG_CLAIM_LEASE_MS no other
 *   job takes it, so two jobs never create its engagement at once; once set it also says that a
 *   create may have reached HubSpot, so the next job looks for the engagement first. A job that
 *   fails moves its claim back past the lease (a create may have gone) or to what it was
 *   (nothing was sent).
 *
 * One e-mail per job: a claim is a compare-and-set on the claim the job read.
 */

/** How long a job holds an e-mail: far beyond its few requests of at most 15 s each. */
export const LOG_CLAIM_LEASE_MS = 5 * 60_000;

export interface EmailToLog {
  id: string;
  /** When the provider took it; null for an e-mail never sent. */
  at: Date | null;
  subject: string | null;
  text: string | null;
  sender: string | null;
  messageId: string | null;
  to: string;
  /** The customer it is logged on: its deal's, else the one with its address. */
  contact: { id: string; hubspotId: string | null; email: string; firstName: string | null; lastName: string | null } | null;
  /** The deal it is about, when HubSpot has it (not deleted there). */
  dealHubspotId: string | null;
  /** The deal it is about is still on its way to HubSpot (its push neither done nor refused). */
  dealWaiting: boolean;
  hubspotEmailId: string | null;
  dueAt: Date | null;
  claimedAt: Date | null;
}

const CONTACT = { id: true, hubspotId: true, email: true, firstName: true, lastName: true } as const;

export async function loadEmail(db: Db, id: string): Promise<EmailToLog | null> {
  const row = await db.emailMessage.findUnique({
    where: { id },
    select: {
      id: true,
      to: true,
      sentAt: true,
      subject: true,
      textBody: true,
      sender: true,
      messageId: true,
      hubspotEmailId: true,
      hubspotLogDueAt: true,
      hubspotLogClaimedAt: true,
      deal: { select: { hubspotId: true, archivedAt: true, crmPushFailedAt: true, contact: { select: CONTACT } } },
    },
  });
  if (!row) return null;
  const contact = row.deal?.contact ?? (await db.contact.findUnique({ where: { email: row.to.toLowerCase() }, select: CONTACT }));
  const deal = row.deal;
  return {
    id: row.id,
    at: row.sentAt,
    subject: row.subject,
    text: row.textBody,
    sender: row.sender,
    messageId: row.messageId,
    to: row.to,
    contact,
    dealHubspotId: deal && !deal.archivedAt ? deal.hubspotId : null,
    dealWaiting: !!deal && deal.hubspotId === null && deal.crmPushFailedAt === null,
    hubspotEmailId: row.hubspotEmailId,
    dueAt: row.hubspotLogDueAt,
    claimedAt: row.hubspotLogClaimedAt,
  };
}

export type Claim = { state: 'done' } | { state: 'held' } | { state: 'claimed'; earlierClaim: Date | null };

/**
 * Takes the e-mail for this job (`done`: logged or skipped meanwhile; `held`: another job holds
 * it): the claim moves from what the job read to `now`, or, when another job moved it first,
 * this job reads again.
 */
export async function claimEmail(db: Db, email: EmailToLog, now: Date): Promise<Claim> {
  let seen: EmailToLog | null = email;
  for (let tries = 0; tries < 3 && seen; tries++) {
    if (seen.dueAt === null || seen.hubspotEmailId !== null) return { state: 'done' };
    if (seen.claimedAt && seen.claimedAt.getTime() > now.getTime() - LOG_CLAIM_LEASE_MS) return { state: 'held' };
    const { count } = await db.emailMessage.updateMany({
      where: { id: seen.id, hubspotEmailId: null, hubspotLogDueAt: { not: null }, hubspotLogClaimedAt: seen.claimedAt },
      data: { hubspotLogClaimedAt: now },
    });
    if (count === 1) return { state: 'claimed', earlierClaim: seen.claimedAt };
    seen = await loadEmail(db, seen.id);
  }
  return seen ? { state: 'held' } : { state: 'done' };
}

/** Records the e-mail's engagement: logged, no longer due. */
export async function saveLogged(db: Db, id: string, hubspotEmailId: string): Promise<void> {
  await db.emailMessage.update({ where: { id }, data: { hubspotEmailId, hubspotLogDueAt: null } });
}

/** Sets the e-mail's claim (moved back past the lease, or back to what it was): another job may take it at once. */
export async function releaseClaim(db: Db, id: string, claimedAt: Date | null): Promise<void> {
  await db.emailMessage.updateMany({ where: { id, hubspotEmailId: null }, data: { hubspotLogClaimedAt: claimedAt } });
}

/** The e-mail will not be logged (no customer to log it on): no longer due. */
export async function skipEmail(db: Db, id: string): Promise<void> {
  await db.emailMessage.updateMany({ where: { id }, data: { hubspotLogDueAt: null } });
}

/** Which of these engagements are already some other e-mail's record. */
export async function recordedEngagements(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.emailMessage.findMany({ where: { hubspotEmailId: { in: [...ids] } }, select: { hubspotEmailId: true } });
  return new Set(rows.map((r) => r.hubspotEmailId!));
}
