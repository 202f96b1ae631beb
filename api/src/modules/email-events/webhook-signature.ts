import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors';
import type { MailgunSignature } from './mailgun-event';

/**
 * How old (or how far ahead of our clock) a signature may be. Mailgun signs each attempt afresh,
 * retries included, so an honest report is seconds old; an older one is a replay.
 */
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000;

export const signatureRefused = () => new AppError(401, 'signature_invalid', 'The webhook signature is missing or invalid.');
export const signatureStale = () => new AppError(401, 'signature_stale', 'The webhook signature is older than 5 minutes.');
export const signatureReplayed = () => new AppError(401, 'signature_replayed', 'This webhook token was already used.');

/**
 * When the provider signed the report, once `signature` is the hex HMAC-SHA256 of timestamp +
 * token under `signingKey` (compared in constant time) and no more than SIGNATURE_MAX_AGE_MS
 * from `now`; 401 otherwise. The token's single use is checked with the write (repository).
 */
export function verifyWebhookSignature(signingKey: string, signed: MailgunSignature, now: Date): Date {
  const expected = createHmac('sha256', signingKey).update(`${signed.timestamp}${signed.token}`).digest();
  const given = Buffer.from(signed.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw signatureRefused();
  const signedAt = new Date(Number(signed.timestamp) * 1000);
  if (Math.abs(now.getTime() - signedAt.getTime()) > SIGNATURE_MAX_AGE_MS) throw signatureStale();
  return signedAt;
}
