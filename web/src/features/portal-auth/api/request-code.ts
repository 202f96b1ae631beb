import { codeSentAnswerSchema, type CodeSentAnswer } from '@app/shared/login';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loginAnswer, type LoginAnswer } from './login-answer';

export const REQUEST_CODE_PATH = '/api/portal/auth/request-code';

export interface RequestCodeInput {
  email: string;
  phone: string;
  /** Sent with its current, still empty, value (docs/product.md §7). */
  code: string;
  /** The version of the text message terms step 1 showed (shared/src/sms-consent.ts). */
  consentVersion: string;
}

/** What step 2 shows about a code just sent; each part only when the api said it. */
export interface CodeSent {
  message: string | null;
  expiresAt: Date | null;
  resendAfterSeconds: number;
}

/** Without the api's figure, the resend button waits this long (the api's own gap between codes). */
const DEFAULT_RESEND_WAIT_SECONDS = 30;

export function codeSentFrom(body: CodeSentAnswer): CodeSent {
  const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
  return {
    message: body.message?.trim() ? body.message : null,
    expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
    resendAfterSeconds: body.resendAfterSeconds !== undefined && body.resendAfterSeconds >= 0 ? body.resendAfterSeconds : DEFAULT_RESEND_WAIT_SECONDS,
  };
}

/** Step 1 of the login (and "Resend code"): the API texts a one-time code to the phone. */
export function requestCode(input: RequestCodeInput): Promise<LoginAnswer<CodeSentAnswer>> {
  const body = { email: input.email, phone: input.phone, code: input.code, consentVersion: input.consentVersion };
  return loginAnswer(api.post(REQUEST_CODE_PATH, body, codeSentAnswerSchema));
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode });
}
