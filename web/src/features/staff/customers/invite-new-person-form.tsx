import { INVITE_QUEUED, inviteSchema, type InviteInput } from '@app/shared/staff-admin';
import { useState } from 'react';
import { Field, RequiredNote } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import { useInviteCustomer, type InvitedCustomer } from './invite-customer';
import { useStaffForm } from '../common/use-staff-form';

/** A blank field is left out, as the server's schema expects (and says which one is missing). */
const blankAsMissing = { setValueAs: (value: string) => (value.trim() === '' ? undefined : value) };

/** A new person by e-mail and phone (+ optional names): checked with the server's schema, then the server's own answer. */
export function InviteNewPersonForm() {
  const { form, formRef, failure, onSubmit, showFailure } = useStaffForm(inviteSchema, {});
  const { register, formState: { errors } } = form;
  const [invited, setInvited] = useState<InvitedCustomer | null>(null);
  const invite = useInviteCustomer();

  const send = (person: InviteInput) => {
    if (invite.isPending) return;
    invite.mutate(person as { email: string; phone: string }, { onSuccess: setInvited, onError: showFailure });
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
            form.reset();
            invite.reset();
          }}
        >
          Invite someone else
        </button>
      </section>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate aria-busy={invite.isPending} onSubmit={onSubmit(send)}>
      <RequiredNote />
      <div className="form-grid">
        <Field label="Email" required error={errors.email?.message}>
          {(props) => <input {...props} type="email" autoComplete="off" {...register('email', blankAsMissing)} />}
        </Field>
        <Field label="Phone" required hint="US numbers only: 10 digits." error={errors.phone?.message}>
          {(props) => <input {...props} type="tel" inputMode="tel" autoComplete="off" {...register('phone', blankAsMissing)} />}
        </Field>
        <Field label="First name (optional)" error={errors.firstName?.message}>
          {(props) => <input {...props} type="text" autoComplete="off" {...register('firstName', blankAsMissing)} />}
        </Field>
        <Field label="Last name (optional)" error={errors.lastName?.message}>
          {(props) => <input {...props} type="text" autoComplete="off" {...register('lastName', blankAsMissing)} />}
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
