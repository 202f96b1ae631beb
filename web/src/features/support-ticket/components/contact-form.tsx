import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY } from '../../../lib/company';
import { CONTACT_REASONS, contactTicketSchema, type ContactTicket, type ContactTicketInput } from '@app/shared/contact-ticket';
import { useMemo, useRef, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { ConsentField, SubmitRow } from '../../../components/form/consent-field';
import { Field, RequiredNote } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { tidyPhoneOnBlur } from '../../../components/form/tidy-phone';
import { FormAlert } from '../../../components/form/form-alert';
import { createIdempotencyKeys } from '../../../lib/idempotency-key';
import { createContactTicket } from '../api/create-contact-ticket';

const DEFAULTS: DefaultValues<ContactTicketInput> = {
  name: '',
  email: '',
  phone: '',
  bookingId: '',
  description: '',
  // Unticked at first; the schema accepts only true (the §5 consent alert).
  agreed: false as unknown as true,
};

/** The support ticket form (docs/product.md §3/§5) with its §8 failure alerts and a success state. */
export function ContactForm() {
  const schema = useMemo(() => contactTicketSchema({ legalName: COMPANY.legalName }), []);
  const {
    register,
    setValue,
    handleSubmit,
    formState: { errors },
  } = useForm<ContactTicketInput, unknown, ContactTicket>({ resolver: zodResolver(schema), shouldFocusError: false, defaultValues: DEFAULTS });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [keyFor] = useState(createIdempotencyKeys);

  const onValid = async (ticket: ContactTicket) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    const outcome = await createContactTicket(ticket, keyFor(JSON.stringify(ticket)));
    inFlight.current = false;
    setBusy(false);
    if (outcome.ok) setSent(true);
    else setFailure(outcome.message);
  };

  if (sent) {
    return (
      <section className="success-panel" aria-labelledby="contact-sent-heading">
        <h2 id="contact-sent-heading" tabIndex={-1} ref={(heading) => heading?.focus()}>
          Thanks, we got your message
        </h2>
        <p>We&apos;ll get back to you within 24 hours.</p>
      </section>
    );
  }

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => void handleSubmit(onValid, () => focusFirstError(formRef.current))(event)}
    >
      <RequiredNote />
      <div className="form-grid">
        <Field label="First and last name" required error={errors.name?.message}>
          {(props) => <input {...props} type="text" autoComplete="name" {...register('name')} />}
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          {(props) => <input {...props} type="email" autoComplete="email" {...register('email')} />}
        </Field>
        <Field label="Phone" required hint="US numbers only: 10 digits." error={errors.phone?.message}>
          {(props) => <input {...props} type="tel" autoComplete="tel-national" inputMode="tel" {...register('phone', tidyPhoneOnBlur((value) => setValue('phone', value)))} />}
        </Field>
        <Field label="Booking ID (optional)" hint="If your question is about a booking." error={errors.bookingId?.message}>
          {(props) => <input {...props} type="text" {...register('bookingId')} />}
        </Field>
      </div>
      <Field label="Reason" required error={errors.reason?.message}>
        {(props) => (
          <select {...props} defaultValue="" {...register('reason')}>
            <option value="">Choose a reason</option>
            {CONTACT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="How can we help?" required error={errors.description?.message}>
        {(props) => <textarea {...props} rows={5} {...register('description')} />}
      </Field>
      <ConsentField errorId="contact-consent-error" error={errors.agreed?.message} registration={register('agreed')}>
        I agree to allow {COMPANY.legalName} to contact me about this message.
      </ConsentField>
      <FormAlert message={failure} />
      <SubmitRow busy={busy} label="Send Message" busyLabel="Sending…" large />
    </form>
  );
}
