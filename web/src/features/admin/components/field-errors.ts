import type { z } from 'zod';

/**
 * The first message for each of a form's fields in a failed parse (what the form shows under
 * each field); issues about anything else are left to the form's general alert.
 */
export function firstErrorPerField<F extends string>(error: z.ZodError, fields: readonly F[]): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if ((fields as readonly string[]).includes(name)) errors[name as F] ??= issue.message;
  }
  return errors;
}
