import { randomInt } from 'node:crypto';

/**
 * A client address of its own (in 10.0.0.0/8), as the one trusted proxy in front of the api
 * reports it in X-Forwarded-For (global-setup.ts starts the api with TRUST_PROXY_HOPS 1, as
 * behind the compose front). Each browser and each HttpClient is then a customer on a machine of
 * their own, so the per-address limits of the login (10 code requests an hour) count each test
 * file's traffic apart, as they would count real customers apart.
 */
export function uniqueClientAddress(): string {
  const n = randomInt(1, 0xff_ff_fe);
  return `10.${(n >> 16) & 0xff}.${(n >> 8) & 0xff}.${n & 0xff}`;
}
