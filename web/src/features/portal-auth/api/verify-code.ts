import { verifiedAnswerSchema } from '@app/shared/login';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { loginAnswer, type LoginAnswer } from './login-answer';

export const VERIFY_CODE_PATH = '/api/portal/auth/verify-code';

export interface VerifyCodeInput {
  email: string;
  phone: string;
  code: string;
}

/** Step 2 of the login: the API checks the code and answers with the session cookie. */
export function verifyCode(input: VerifyCodeInput): Promise<LoginAnswer<z.output<typeof verifiedAnswerSchema>>> {
  return loginAnswer(api.post(VERIFY_CODE_PATH, { email: input.email, phone: input.phone, code: input.code }, verifiedAnswerSchema));
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
