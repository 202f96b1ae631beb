import { useMutation } from '@tanstack/react-query';
import { postLoginStep, type LoginAnswer } from './post-login';

export const VERIFY_CODE_PATH = '/api/portal/auth/verify-code';

export interface VerifyCodeInput {
  email: string;
  phone: string;
  code: string;
}

/** Step 2 of the login: the API checks the code and answers with the session cookie. */
export function verifyCode(input: VerifyCodeInput): Promise<LoginAnswer> {
  return postLoginStep(VERIFY_CODE_PATH, { email: input.email, phone: input.phone, code: input.code });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
