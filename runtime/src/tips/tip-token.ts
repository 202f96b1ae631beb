import { createHmac, timingSafeEqual } from 'node:crypto';
import { CLIENT_ROUTES } from '@app/shared/routes';

/**
 * The token of a cleaning's tip link (docs/payments.md#tips): the deal's id and an HMAC of it under
 * the OTP key (OTP_SECRET, which the api and the worker share), so the worker writes links the
 * api checks and nobody tips, or reads the cleaner's name of, a cleaning that is not theirs. It
 * does not expire: the tip window (shared/src/tips.ts) closes it.
 */
const signature = (secret: string, dealId: string) => createHmac('sha256', secret).update(`tip\0${dealId}`).digest('base64url').slice(0, 22);

export function tipToken(secret: string, dealId: string): string {
  return `${dealId}.${signature(secret, dealId)}`;
}

/** The deal of a token that is ours, else null. */
export function dealOfTipToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const dealId = token.slice(0, dot);
  const expected = Buffer.from(signature(secret, dealId));
  const given = Buffer.from(token.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? dealId : null;
}

/** The tip page of a cleaning: `${publicUrl}/tip?t=<token>`. */
export function tipUrl(publicUrl: string, secret: string, dealId: string): string {
  return `${publicUrl}${CLIENT_ROUTES.tip}?t=${encodeURIComponent(tipToken(secret, dealId))}`;
}
