import { EMAIL_EVENTS_PATH, EMAIL_UNSUBSCRIBE_PATH, TWILIO_INBOUND_PATH, TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';

/**
 * Paths that providers call server to server: form-encoded, no cookie, no Origin, authenticated
 * by their own signature. They skip the JSON-only rule, the session and the origin check, which
 * exist for browsers (a forged webhook fails its signature check instead). An e-mail's
 * unsubscribe link is one too: a mailbox posts it (RFC 8058), authenticated by its token. The
 * e-mail provider's webhook is JSON, but its route reads the body itself (its signature first).
 */
const WEBHOOK_PATHS: ReadonlySet<string> = new Set([TWILIO_STATUS_CALLBACK_PATH, TWILIO_INBOUND_PATH, EMAIL_UNSUBSCRIBE_PATH, EMAIL_EVENTS_PATH]);

export function isWebhookPath(path: string): boolean {
  return WEBHOOK_PATHS.has(path);
}
