import { z } from 'zod';

/**
 * Delivery state of a text message as we record it (the `sms_status` enum): a subset of Twilio's
 * MessageStatus values, in the order a message goes through them, and `canceled` for a text we
 * never sent (the phone opted out, or what it was about changed). `delivered`, `undelivered`,
 * `failed` and `canceled` are final.
 */
export const SMS_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'canceled'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

const RANK: Record<SmsStatus, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, undelivered: 3, failed: 3, canceled: 3 };

/**
 * The statuses a message may still move on from to `next`. Status callbacks can arrive out of
 * order (a late `sent` after `delivered`), and a final status is never replaced by another.
 */
export function statusesBefore(next: SmsStatus): SmsStatus[] {
  return SMS_STATUSES.filter((status) => RANK[status] < RANK[next]);
}

/**
 * What a Twilio MessageStatus means for our record, or null for values that say nothing about an
 * outbound text's delivery (inbound `receiving`/`received`, `canceled` of scheduled messages).
 * `accepted` and `scheduled` come before `queued` with a Messaging Service; `read` (RCS,
 * WhatsApp) comes after delivery; `partially_delivered` is a multi-part message of which some
 * part arrived.
 */
export function fromTwilioStatus(value: string): SmsStatus | null {
  switch (value) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'sending':
      return 'sending';
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
    case 'partially_delivered':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}

export function isFailedDelivery(status: SmsStatus): boolean {
  return status === 'undelivered' || status === 'failed';
}

/**
 * GET /api/portal/auth/code-status: what the login page may know about its own latest code.
 * `pending` until Twilio has taken the text, `sent` once it has, then `delivered` or `failed`.
 */
export const LOGIN_CODE_DELIVERY = ['pending', 'sent', 'delivered', 'failed'] as const;
export type LoginCodeDelivery = (typeof LOGIN_CODE_DELIVERY)[number];
export const codeStatusResponseSchema = z.object({ status: z.enum(LOGIN_CODE_DELIVERY) });
export type CodeStatusResponse = z.output<typeof codeStatusResponseSchema>;

export function loginCodeDelivery(status: SmsStatus | null): LoginCodeDelivery {
  if (status === null || status === 'queued' || status === 'sending') return 'pending';
  if (status === 'undelivered' || status === 'failed' || status === 'canceled') return 'failed';
  return status;
}

/**
 * The query parameter the worker adds to the StatusCallback URL: our message's id. Twilio signs
 * the URL with it, and it lets the api match a callback that arrives before the worker has
 * stored the SID that `messages.create` answered with.
 */
export const STATUS_CALLBACK_MESSAGE_PARAM = 'messageId';

export function statusCallbackUrlFor(callbackUrl: string, messageId: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set(STATUS_CALLBACK_MESSAGE_PARAM, messageId);
  return url.href;
}
