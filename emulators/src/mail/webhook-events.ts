import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { domainOf } from './smtp-rules';
import type { StoredMail } from './mail-store';

/**
 * What becomes of a message after the emulator took it, reported to the product's webhook the
 * way Mailgun reports it (its "webhook payloads" and "securing webhooks" pages): a JSON POST of
 * { signature: { timestamp, token, signature }, "event-data": { … } }, the signature being the
 * hex HMAC-SHA256 of timestamp + token under the webhook signing key, signed afresh on each try.
 *
 * The recipient's local part decides, so a developer or a test can make any outcome happen:
 * - `bounce…` (bounce@, bounce.lee@): a hard bounce, `failed` with severity `permanent` (550 5.1.1);
 * - `complain…`: `delivered`, then `complained` (the recipient marked it as spam);
 * - `defer…`: a soft bounce, `failed` with severity `temporary` (452 mailbox full), then `delivered`;
 * - anyone else: `delivered`.
 */
export type DeliveryOutcome = 'delivered' | 'bounced' | 'complained' | 'deferred';

export function outcomeFor(address: string): DeliveryOutcome {
  const local = address.slice(0, address.lastIndexOf('@')).toLowerCase();
  if (local.startsWith('bounce')) return 'bounced';
  if (local.startsWith('complain')) return 'complained';
  if (local.startsWith('defer')) return 'deferred';
  return 'delivered';
}

/** Where the reports go: the product's webhook URL and the signing key it checks them with. */
export const webhookTargetSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  signingKey: z.string().min(1),
});
export type WebhookTarget = z.output<typeof webhookTargetSchema>;

/** Signs as Mailgun does. Written here, apart from the api's check, so each tests the other. */
export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey).update(timestamp + token).digest('hex');
}

/** A signature block for a report sent now. */
export function signNow(signingKey: string, now = Date.now()): { timestamp: string; token: string; signature: string } {
  const timestamp = String(Math.floor(now / 1000));
  // 50 characters, as Mailgun's tokens are.
  const token = randomBytes(25).toString('hex');
  return { timestamp, token, signature: mailgunSignature(signingKey, timestamp, token) };
}

type EventName = 'delivered' | 'failed' | 'complained';

/** The events a message's outcome produces, in order. */
export function eventsFor(outcome: DeliveryOutcome): { event: EventName; severity?: 'permanent' | 'temporary' }[] {
  switch (outcome) {
    case 'bounced':
      return [{ event: 'failed', severity: 'permanent' }];
    case 'complained':
      return [{ event: 'delivered' }, { event: 'complained' }];
    case 'deferred':
      return [{ event: 'failed', severity: 'temporary' }, { event: 'delivered' }];
    case 'delivered':
      return [{ event: 'delivered' }];
  }
}

const DELIVERY_STATUS = {
  delivered: { code: 250, 'enhanced-code': '', message: 'OK', description: '' },
  permanent: { code: 550, 'enhanced-code': '5.1.1', message: '5.1.1 The email account that you tried to reach does not exist.', description: '' },
  temporary: { code: 452, 'enhanced-code': '4.2.2', message: '4.2.2 The email account that you tried to reach is over quota.', description: '' },
} as const;

/** The `event-data` of one event about one recipient of a message. */
export function eventData(mail: StoredMail, recipient: string, step: { event: EventName; severity?: 'permanent' | 'temporary' }, at: Date): Record<string, unknown> {
  const headers = {
    to: mail.to.join(', '),
    // Mailgun reports the Message-ID without its angle brackets.
    'message-id': mail.messageId.replace(/^<|>$/g, ''),
    from: mail.from,
    subject: mail.subject,
  };
  const common = {
    id: randomBytes(16).toString('base64url'),
    event: step.event,
    timestamp: at.getTime() / 1000,
    recipient,
    'recipient-domain': domainOf(recipient),
    envelope: { sender: mail.envelopeFrom, targets: recipient, transport: 'smtp' },
    flags: { 'is-authenticated': true, 'is-test-mode': false },
    message: { headers, size: mail.text.length + (mail.html?.length ?? 0) },
    tags: [],
    'user-variables': {},
  };
  const mx = `mx.${domainOf(recipient) || 'example'}`;
  if (step.event === 'complained') return { ...common, 'log-level': 'warn' };
  if (step.event === 'delivered') return { ...common, 'log-level': 'info', 'delivery-status': { ...DELIVERY_STATUS.delivered, 'attempt-no': 1, 'mx-host': mx, tls: true, 'session-seconds': 0.4 } };
  const severity = step.severity ?? 'permanent';
  return {
    ...common,
    'log-level': severity === 'permanent' ? 'error' : 'warn',
    severity,
    reason: severity === 'permanent' ? 'bounce' : 'generic',
    'delivery-status': { ...DELIVERY_STATUS[severity], 'attempt-no': 1, 'mx-host': mx, tls: true, 'session-seconds': 0.4, 'retry-seconds': severity === 'temporary' ? 600 : 0 },
  };
}
