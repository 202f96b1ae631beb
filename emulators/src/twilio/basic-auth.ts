import { timingSafeEqual } from 'node:crypto';

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when the Authorization header carries exactly AccountSid:AuthToken (Twilio's Basic auth). */
export function hasValidBasicAuth(header: string | undefined, accountSid: string, authToken: string): boolean {
  const match = header?.match(/^Basic\s+(\S+)$/i);
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return false;
  return equal(decoded.slice(0, separator), accountSid) && equal(decoded.slice(separator + 1), authToken);
}
