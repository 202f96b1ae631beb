import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_UNSUBSCRIBE_PATH } from '@app/shared/routes';

/**
 * The token of an e-mail's unsubscribe link (docs/email.md): an HMAC of the address under the
 * OTP key (OTP_SECRET, which the api and the worker share), so the worker writes links the api
 * checks, and nobody unsubscribes an address they do not receive mail at. No expiry: the link
 * in an old reminder must still work (RFC 8058 asks that it keep working for a while).
 */
export function unsubscribeToken(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`email-unsubscribe\0${address.toLowerCase()}`).digest('base64url').slice(0, 32);
}

export function isUnsubscribeToken(secret: string, address: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, address));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}


export function unsubscribeUrl(publicUrl: string, secret: string, address: string): string {
  const query = new URLSearchParams({ a: address.toLowerCase(), t: unsubscribeToken(secret, address) });
  return `${publicUrl}${EMAIL_UNSUBSCRIBE_PATH}?${query.toString()}`;
}
