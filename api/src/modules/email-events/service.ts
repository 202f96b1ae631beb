import type { Db } from '@app/db/client';
import { countEmail } from '@app/db/email-counters';
import { COMPLAINT_REASON, liftBounce, recordBounce, recordComplaint } from '@app/db/email-suppression';
import type { EmailEvent } from './mailgun-event';
import { recordDeliveryReport, takeWebhookToken } from './repository';
import { SIGNATURE_MAX_AGE_MS, signatureReplayed } from './webhook-signature';

/** What a report changed: the e-mail it was about (null: not one of ours, or nothing new) and the address. */
export type EmailEventOutcome =
  | { kind: 'bounced' | 'complained'; emailId: string | null; suppressed: boolean }
  | { kind: 'delivered'; emailId: string | null; resumed: boolean }
  | { kind: 'ignored'; event: string; why: string };

/**
 * Applies a signed report, in one transaction with its token's single use: a replayed token is
 * refused (401) and changes nothing, and a report that fails to apply leaves its token unused.
 * - A hard bounce or a complaint stops all e-mail to the address (email_suppression, with the
 *   provider's words) and marks our e-mail with it; each e-mail counts once on /metrics.
 * - A delivery marks our e-mail and lifts an earlier bounce of the address (not a complaint).
 * The same event reported twice changes nothing more.
 */
export async function recordEmailEvent(db: Db, token: { token: string; signedAt: Date }, event: EmailEvent): Promise<EmailEventOutcome> {
  return db.$transaction(async (tx) => {
    if (!(await takeWebhookToken(tx, token.token, new Date(token.signedAt.getTime() + SIGNATURE_MAX_AGE_MS)))) throw signatureReplayed();
    if (event.kind === 'ignored') return event;
    const { recipient, messageId, at } = event;
    const detail = event.kind === 'bounced' ? event.detail : event.kind === 'complained' ? COMPLAINT_REASON : null;
    const marked = messageId ? await recordDeliveryReport(tx, { emailId: messageId, recipient, delivery: event.kind, detail, at }) : null;
    const emailId = marked ? messageId : null;
    switch (event.kind) {
      case 'bounced':
        if (marked) await countEmail(tx, 'bounced', marked.purpose);
        return { kind: 'bounced', emailId, suppressed: await recordBounce(tx, recipient, event.detail, at) };
      case 'complained':
        if (marked) await countEmail(tx, 'complained', marked.purpose);
        return { kind: 'complained', emailId, suppressed: await recordComplaint(tx, recipient, at) };
      case 'delivered':
        return { kind: 'delivered', emailId, resumed: await liftBounce(tx, recipient, at) };
    }
  });
}
