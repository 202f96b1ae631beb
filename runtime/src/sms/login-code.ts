import { createHmac } from 'node:crypto';
import { LOGIN_CODE_LENGTH } from '@app/shared/constants';

/**
 * Fixed OTP key for development and tests only (the api's and the worker's defaults must agree).
 * Production requires its own OTP_SECRET, and refuses this value.
 */
export const DEV_OTP_SECRET = 'dev-only-otp-secret-do-not-use-in-production';

/**
 * The login code of a challenge, derived from its id under the OTP key (docs/login-security.md).
 * Nothing stores the code: the api derives it to check a guess, the worker to write the text,
 * and only the text sent to Twilio carries it. Uniform over the 10^LOGIN_CODE_LENGTH codes up to
 * a bias of 10^6 / 2^64, and unpredictable without the key even to someone who knows the id.
 */
export function loginCodeFor(otpSecret: string, challengeId: string): string {
  const digest = createHmac('sha256', otpSecret).update(`login-code:${challengeId}`).digest();
  const value = digest.readBigUInt64BE(0) % 10n ** BigInt(LOGIN_CODE_LENGTH);
  return value.toString().padStart(LOGIN_CODE_LENGTH, '0');
}
