import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { ApiError } from '../../../lib/api-client';
import { failureText } from './staff-errors';

/**
 * A staff form: checked with the server's own schema before anything is sent, then the server's
 * answer. A field error (from either) goes under its field and takes the focus; anything else
 * goes in the form's alert above the buttons.
 */
export function useStaffForm<TInput extends FieldValues, TOutput>(schema: z.ZodType<TOutput, TInput>, defaultValues: DefaultValues<TInput>) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), shouldFocusError: false, defaultValues });
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  /** The form's onSubmit: valid values go to `send`. */
  const onSubmit = (send: (values: TOutput) => void) => (event: FormEvent) => {
    setFailure(null);
    void form.handleSubmit(send, () => focusFirstError(formRef.current))(event);
  };

  /** For a request's onError. */
  const showFailure = (error: unknown) => {
    const field = error instanceof ApiError ? error.field : undefined;
    // A field of this form (register() names its control) shows its own error.
    if (field && formRef.current?.elements.namedItem(field)) {
      form.setError(field as Path<TInput>, { message: failureText(error) });
      focusFirstError(formRef.current);
    } else setFailure(failureText(error));
  };

  return { form, formRef, failure, onSubmit, showFailure };
}
