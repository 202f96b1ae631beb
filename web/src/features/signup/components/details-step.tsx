import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY } from '../../../lib/company';
import { INTERESTS, subscribeFormSchema, waitlistFormSchema, type SubscribeFormValues } from '@app/shared/subscribe';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { ChoiceGroup } from '../../../components/form/choice-group';
import { ConsentField, SubmitRow } from '../../../components/form/consent-field';
import { Field, RequiredNote } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { FormAlert } from '../../../components/form/form-alert';
import { createIdempotencyKeys } from '../../../lib/idempotency-key';
import { SUBSCRIBE_PATH, WAITLIST_PATH, subscribe } from '../api/subscribe';

type DetailsInput = z.input<ReturnType<typeof subscribeFormSchema>>;

/** What differs between the pre-launch signup (docs/product.md §4/§5) and the out-of-area waitlist. */
const LISTS = {
  prelaunch: {
    path: SUBSCRIBE_PATH,
    schema: subscribeFormSchema,
    intro: (zip: string) => <>Good news: we&apos;re coming to <strong>{zip}</strong>.</>,
    consent: `I agree to receive e-mails from ${COMPANY.legalName} about our launch in my area.`,
    submit: 'Notify Me',
  },
  waitlist: {
    path: WAITLIST_PATH,
    schema: waitlistFormSchema,
    intro: (zip: string) => <>We don&apos;t clean in <strong>{zip}</strong> yet. Leave your details and we&apos;ll tell you when we do.</>,
    consent: `I agree to receive e-mails from ${COMPANY.legalName} about service in my area.`,
    submit: 'Join the Waitlist',
  },
} satisfies Record<string, { path: string; schema: typeof subscribeFormSchema; intro: (zip: string) => ReactNode; consent: string; submit: string }>;
export type SignupList = keyof typeof LISTS;

/** Step 2 (docs/product.md §4/§5): e-mail, first name, interest and consent, for the zip of step 1 (or the waitlist's zip). */
export function DetailsStep({ zip, list = 'prelaunch', onDone, onChangeZip }: { zip: string; list?: SignupList; onDone: () => void; onChangeZip: () => void }) {
  const kind = LISTS[list];
  const schema = useMemo(() => kind.schema({ legalName: COMPANY.legalName }), [kind]);
  const defaults: DefaultValues<DetailsInput> = {
    zip,
    email: '',
    firstName: '',
    website: '',
    // Unticked at first; the schema accepts only true.
    agreed: false as unknown as true,
  };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DetailsInput, unknown, SubscribeFormValues>({ resolver: zodResolver(schema), shouldFocusError: false, defaultValues: defaults });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [keyFor] = useState(createIdempotencyKeys);

  const onValid = async ({ agreed: _agreed, ...signup }: SubscribeFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    const outcome = await subscribe(signup, keyFor(JSON.stringify(signup)), kind.path);
    inFlight.current = false;
    setBusy(false);
    if (outcome.ok) onDone();
    else setFailure(outcome.message);
  };

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => void handleSubmit(onValid, () => focusFirstError(formRef.current))(event)}
    >
      <p>
        {kind.intro(zip)}{' '}
        <button type="button" className="link-button" onClick={onChangeZip}>
          Change zip code
        </button>
      </p>
      <RequiredNote />
      <div className="form-grid">
        <Field label="Email" required error={errors.email?.message}>
          {(props) => <input {...props} type="email" autoComplete="email" {...register('email')} />}
        </Field>
        <Field label="First name" required error={errors.firstName?.message}>
          {(props) => <input {...props} type="text" autoComplete="given-name" {...register('firstName')} />}
        </Field>
      </div>
      <ChoiceGroup
        legend="I'm interested in"
        required
        options={INTERESTS.map((interest) => ({ value: interest, label: interest }))}
        registration={register('interest')}
        error={errors.interest?.message}
      />
      {/* The honeypot: hidden from people and screen readers and out of the tab order; bots fill it. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="prelaunch-website">Website (leave empty)</label>
        <input id="prelaunch-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <ConsentField errorId="notify-consent-error" error={errors.agreed?.message} registration={register('agreed')}>
        {kind.consent}
      </ConsentField>
      <FormAlert message={failure} />
      <SubmitRow busy={busy} label={kind.submit} busyLabel="Signing you up…" />
    </form>
  );
}
