import { INVITE_QUEUED, inviteSchema } from '@app/shared/staff-admin';
import { useRef, useState, type FormEvent } from 'react';
import { Field, RequiredNote } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { FormAlert } from '../../../components/form/form-alert';
import { useInviteCustomer, type InvitedCustomer } from '../api/invite-customer';
import { failureText, StaffRequestError } from '../api/send-staff-json';
import { firstErrorPerField } from './field-errors';

const FIELDS = ['email', 'phone', 'firstName', 'lastName'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
const EMPTY: Values = { email: '', phone: '', firstName: '', lastName: '' };

/** Blank optional fields are left out, as the server's schema expects. */
const payloadOf = (values: Values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')) as Partial<Values>;
const isField = (name: string | undefined): name is FieldName => (FIELDS as readonly string[]).includes(name ?? '');

/** A new person by e-mail and phone (+ optional names): checked with the server's schema, then the server's own answer. */
export function InviteNewPersonForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Values>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [invited, setInvited] = useState<InvitedCustomer | null>(null);
  const invite = useInviteCustomer();
  const formRef = useRef<HTMLFormElement>(null);

  const set = (name: FieldName) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    setFailure(null);
    const payload = payloadOf(values);
    const parsed = inviteSchema.safeParse(payload);
    if (!parsed.success) {
      setFieldErrors(firstErrorPerField(parsed.error, FIELDS));
      focusFirstError(formRef.current);
      return;
    }
    setFieldErrors({});
    invite.mutate(payload as { email: string; phone: string }, {
      onSuccess: (customer) => setInvited(customer),
      onError: (error) => {
        // The server's words: a field error goes under its field, anything else above the button.
        const field = error instanceof StaffRequestError ? error.field : undefined;
        if (isField(field)) {
          setFieldErrors({ [field]: failureText(error) });
          focusFirstError(formRef.current);
        } else setFailure(failureText(error));
      },
    });
  };

  if (invited) {
    return (
      <section className="success-panel" aria-labelledby="invite-sent-heading">
        <h3 id="invite-sent-heading" tabIndex={-1} ref={(heading) => heading?.focus()}>
          {invited.name || invited.email} is invited
        </h3>
        <p className="status-note" role="status">
          {INVITE_QUEUED}
        </p>
        <p>
          They can sign in at the customer login with {invited.email}
          {invited.phone ? ` and ${invited.phone}` : ''}.
        </p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setInvited(null);
            setValues(EMPTY);
            invite.reset();
          }}
        >
          Invite someone else
        </button>
      </section>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate aria-busy={invite.isPending} onSubmit={onSubmit}>
      <RequiredNote />
      <div className="form-grid">
        <Field label="Email" required error={fieldErrors.email}>
          {(props) => <input {...props} type="email" autoComplete="off" value={values.email} onChange={set('email')} />}
        </Field>
        <Field label="Phone" required hint="US numbers only: 10 digits." error={fieldErrors.phone}>
          {(props) => <input {...props} type="tel" inputMode="tel" autoComplete="off" value={values.phone} onChange={set('phone')} />}
        </Field>
        <Field label="First name (optional)" error={fieldErrors.firstName}>
          {(props) => <input {...props} type="text" autoComplete="off" value={values.firstName} onChange={set('firstName')} />}
        </Field>
        <Field label="Last name (optional)" error={fieldErrors.lastName}>
          {(props) => <input {...props} type="text" autoComplete="off" value={values.lastName} onChange={set('lastName')} />}
        </Field>
      </div>
      <FormAlert message={failure} />
      <p className="actions">
        <button type="submit" className="button" disabled={invite.isPending}>
          {invite.isPending ? 'Sending invitation…' : 'Send invitation'}
        </button>
      </p>
    </form>
  );
}
