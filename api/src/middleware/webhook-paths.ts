import { TWILIO_INBOUND_PATH, TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';

/**
 * Paths that providers call server to server: form-encoded, no cookie, no Origin, authenticated
 * by their own signature. They skip the JSON-only rule, the session and the origin check, which
 * exist for browsers (a forged webhook fails its signature check instead).
 */
const WEBHOOK_PATHS: ReadonlySet<string> = new Set([TWILIO_STATUS_CALLBACK_PATH, TWILIO_INBOUND_PATH]);

export function isWebhookPath(path: string): boolean {
  return WEBHOOK_PATHS.has(path);
}
