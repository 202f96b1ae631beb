import { z } from 'zod';
import { emailField, smsConsentVersionField } from './form-fields';
import { isUsPhone, toLoginPhone } from './phone';
import { PRODUCT_SPEC_CONSENT_VERSION } from './sms-consent';
import { LOGIN_CODE_REQUIRED, LOGIN_REQUEST_CODE_FAILED, LOGIN_VERIFY_FAILED, PHONE_10_DIGITS_ERROR } from './texts';

/** The §5 login rule applied to whatever was typed, then checked to be +1 and 10 digits. */
export const loginPhoneField = z
  .string({ error: PHONE_10_DIGITS_ERROR })
  .transform(toLoginPhone)
  .refine(isUsPhone, { error: PHONE_10_DIGITS_ERROR });

/** Free text (§5: no client check), trimmed; the bound only stops abuse. */
const CODE_MAX = 32;

/**
 * POST /api/portal/auth/request-code. Strict on the server. The client sends `code` too,
 * still empty (§7); it is accepted and ignored.
 */
export const requestCodeSchema = z
  .object({
    email: emailField,
    phone: loginPhoneField,
    code: z.string().trim().max(CODE_MAX).optional().default(''),
    /**
     * Which text message terms step 1 showed (sms-consent.ts); kept with the request. A client
     * written from docs/product.md sends none (§7 lists email, phone, code): it showed §2's
     * statement, which is what PRODUCT_SPEC_CONSENT_VERSION's words are.
     */
    consentVersion: smsConsentVersionField.default(PRODUCT_SPEC_CONSENT_VERSION),
  })
  .strict();
export type RequestCode = z.output<typeof requestCodeSchema>;

/** POST /api/portal/auth/verify-code. Strict on the server. */
export const verifyCodeSchema = z
  .object({
    email: emailField,
    phone: loginPhoneField,
    code: z
      .string({ error: LOGIN_CODE_REQUIRED })
      .trim()
      .min(1, { error: LOGIN_CODE_REQUIRED })
      .max(CODE_MAX, { error: LOGIN_CODE_REQUIRED }),
  })
  .strict();
export type VerifyCode = z.output<typeof verifyCodeSchema>;

/** §8: the response's error field, else the step's default text. */
export function loginErrorMessage(step: 'request-code' | 'verify-code', responseError?: string | null): string {
  if (responseError?.trim()) return responseError;
  return step === 'request-code' ? LOGIN_REQUEST_CODE_FAILED : LOGIN_VERIFY_FAILED;
}

/** §8: 'suspended' / 'not yet eligible' messages show as a yellow warning, all others red. */
export function loginErrorTone(message: string): 'warning' | 'error' {
  const lower = message.toLowerCase();
  return lower.includes('suspended') || lower.includes('not yet eligible') ? 'warning' : 'error';
}

/** POST /api/portal/auth/request-code → the code is on its way; each detail only when the api says it. */
export const codeSentAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  expiresAt: z.string().optional(),
  resendAfterSeconds: z.number().optional(),
});
export type CodeSentAnswer = z.output<typeof codeSentAnswerSchema>;

/** POST /api/portal/auth/verify-code → signed in (the answer sets the session cookie). */
export const verifiedAnswerSchema = z.object({ success: z.literal(true) });
