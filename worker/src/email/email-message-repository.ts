import type { Db } from '@app/db/client';
import { countEmail } from '@app/db/email-counters';
import { outboxEvent } from '@app/runtime/outbox/events';

export async function findEmailMessage(db: Db, id: string) {
  return db.emailMessage.findUnique({
    where: { id },
    select: { id: true, purpose: true, to: true, dealId: true, status: true, createdAt: true, notice: { select: { subject: true } } },
  });
}
export type EmailMessageState = NonNullable<Awaited<ReturnType<typeof findEmailMessage>>>;

/** What went: kept on the row when it is sent, and logged in HubSpot from there. */
export interface SentEmail {
  subject: string;
  providerResponse: string;
  /** 'Name <address>', as the From header said. */
  sender: string;
  messageId: string;
  /** The plain text, its unsubscribe link left out (see loggedText). */
  textBody: string;
  /** A rating request's deal: its cleaning is asked from now. */
  ratingOf?: string | null;
}

/**
 * Each write moves a row out of `queued` only once: a second job that raced it changes nothing.
 * A sent e-mail is then due to be logged on the customer's HubSpot timeline: its crm.log-email
 * event is written in the same transaction, once, so a HubSpot outage only delays it. The send
 * is counted for /metrics (email_sent_total) in it too, so a retried job counts its e-mail once.
 * A rating request's cleaning is asked from then (cleaning_rating.emailed_at), in the same
 * transaction: the customer's text back counts as its rating.
 */
export async function recordEmailSent(db: Db, id: string, sent: SentEmail, at: Date): Promise<void> {
  const { subject, providerResponse, sender, messageId, textBody, ratingOf } = sent;
  await db.$transaction(async (tx) => {
    const moved = await tx.emailMessage.updateManyAndReturn({
      where: { id, status: 'queued' },
      data: { status: 'sent', subject, providerResponse, sender, messageId, textBody, sentAt: at, statusUpdatedAt: at, hubspotLogDueAt: at },
      select: { purpose: true },
    });
    for (const { purpose } of moved) {
      await tx.outboxEvent.create({ data: outboxEvent('crm.log-email', { emailId: id }, { aggregateId: id }) });
      await countEmail(tx, 'sent', purpose);
      if (ratingOf) await tx.$executeRaw`UPDATE cleaning_rating SET emailed_at = COALESCE(emailed_at, ${at}) WHERE deal_id = ${ratingOf}`;
    }
  });
}

export async function recordEmailCanceled(db: Db, id: string, reason: string, at: Date): Promise<void> {
  await db.emailMessage.updateMany({ where: { id, status: 'queued' }, data: { status: 'canceled', errorMessage: reason, statusUpdatedAt: at } });
}

export async function recordEmailFailed(db: Db, id: string, failure: { code: number; message: string }, at: Date): Promise<void> {
  await db.emailMessage.updateMany({ where: { id, status: 'queued' }, data: { status: 'failed', errorCode: failure.code, errorMessage: failure.message, statusUpdatedAt: at } });
}
