import type { DbTransaction } from '@app/db/client';
import type { EmailDelivery, NoticeKind } from '@app/db/generated/client';

/**
 * Takes a webhook token for its single use: false when it was taken before (a replay). Kept until
 * `expiresAt`, when its signature could no longer pass as fresh; the housekeeping purge drops it.
 */
export async function takeWebhookToken(tx: DbTransaction, token: string, expiresAt: Date): Promise<boolean> {
  const taken = await tx.$executeRaw`
    INSERT INTO email_webhook_token (token, expires_at) VALUES (${token}, ${expiresAt})
    ON CONFLICT (token) DO NOTHING`;
  return taken > 0;
}

export interface DeliveryReport {
  emailId: string;
  recipient: string;
  delivery: EmailDelivery;
  detail: string | null;
  at: Date;
}

/**
 * Records the provider's report on our e-mail (by its id from the Message-ID, and only when it
 * went to that recipient), when it says more than the report already kept: the email_delivery
 * enum is declared in that order (delivered < bounced < complained), so the same report twice,
 * or a late `delivered` after a bounce, changes nothing. The e-mail's kind when it changed, else null.
 */
export async function recordDeliveryReport(tx: DbTransaction, report: DeliveryReport): Promise<{ purpose: NoticeKind } | null> {
  const [row] = await tx.$queryRaw<{ purpose: NoticeKind }[]>`
    UPDATE email_message
    SET delivery = ${report.delivery}::email_delivery, delivery_detail = ${report.detail}, delivery_reported_at = ${report.at}
    WHERE id = ${report.emailId}::uuid AND lower(to_address) = ${report.recipient}
      AND (delivery IS NULL OR delivery < ${report.delivery}::email_delivery)
    RETURNING purpose`;
  return row ?? null;
}
