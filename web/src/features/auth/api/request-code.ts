import { useMutation } from '@tanstack/react-query';
import { postLoginStep, type LoginAnswer } from './post-login';

export const REQUEST_CODE_PATH = '/api/portal/auth/request-code';

export interface RequestCodeInput {
  email: string;
  phone: string;
  /** Sent with its current, still empty, value (spec §7). */
  code: string;
}

/** Step 1 of the login: the API texts a one-time code to the phone. */
export function requestCode(input: RequestCodeInput): Promise<LoginAnswer> {
  return postLoginStep(REQUEST_CODE_PATH, { email: input.email, phone: input.phone, code: input.code });
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode });
}
