import { zodResolver } from '@hookform/resolvers/zod';
import {
  HOME_FIELDS,
  HOME_NO_VIEWS,
  HOME_PROFILE_SAVED,
  HOME_SECRET_KIND_LABELS,
  HOME_SECRET_KINDS,
  HOME_SECRET_REMOVED,
  HOME_SECRET_SAVED,
  HOME_SECTION_TITLE,
  HOME_VIEWS_TITLE,
  homeProfileSchema,
  homeSecretSchema,
  type HomeProfileAnswer,
  type HomeProfileFields,
  type HomeProfileInput,
  type HomeSecretFields,
  type HomeSecretInput,
  type HomeSecretSummary,
} from '@app/shared/home-profile';
import { formatEasternShort } from '@app/shared/eastern-time';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { FormAlert } from '../../../components/form/form-alert';
import { ApiError } from '../../../lib/api-client';
import { useHomeProfile, useRemoveSecret, useSaveHomeProfile, useSaveSecret } from '../api/home-profile';

const FAILED = 'We could not save that right now. Please try again in a moment.';

/** A refused save's words: the api's message (a validation error names its field), else ours. */
const failureText = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : FAILED);

/**
 * The server's field error under its field (the api checks with the same schema, so this is the
 * rare case of a value only the server refuses); anything else in the form's alert.
 */
function showServerError<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, formRef: RefObject<HTMLFormElement | null>, error: unknown, setFailure: (m: string) => void) {
  const field = error instanceof ApiError ? error.field : undefined;
  if (field && formRef.current?.elements.namedItem(field)) {
    form.setError(field as Path<T>, { message: failureText(error) });
    focusFirstError(formRef.current);
  } else setFailure(failureText(error));
}

const textOf = (value: string | null) => value ?? '';

/** How to get in, parking, pets, things to take care of: plain text the office and the cleaners read. */
function HomeDetailsForm({ profile }: { profile: HomeProfileAnswer['profile'] }) {
  const save = useSaveHomeProfile();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<HomeProfileInput, unknown, HomeProfileFields>({
    resolver: zodResolver(homeProfileSchema),
    shouldFocusError: false,
    defaultValues: { accessInstructions: textOf(profile.accessInstructions), parking: textOf(profile.parking), pets: textOf(profile.pets), careNotes: textOf(profile.careNotes) },
  });
  const { errors } = form.formState;
  const onSubmit = (event: FormEvent) => {
    setFailure(null);
    save.reset();
    void form.handleSubmit(
      (fields) => save.mutate(fields, { onError: (error) => showServerError(form, formRef, error, setFailure) }),
      () => focusFirstError(formRef.current),
    )(event);
  };
  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
      {HOME_FIELDS.map(({ key, label }) => (
        <Field key={key} label={`${label} (optional)`} error={errors[key]?.message}>
          {(props) => <textarea {...props} rows={3} {...form.register(key)} />}
        </Field>
      ))}
      <FormAlert message={failure} />
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save home profile'}
        </button>
        <p role="status" className={save.isSuccess ? 'portal-submitted' : undefined}>
          {save.isSuccess ? HOME_PROFILE_SAVED : ''}
        </p>
      </div>
    </form>
  );
}

/**
 * Adding a code, or replacing one: kind, name and the code itself. The code field starts empty
 * even when replacing (the page never has the old value) and is forgotten once saved.
 */
function SecretForm({ secret, onDone }: { secret: HomeSecretSummary | null; onDone: (saved: boolean) => void }) {
  const save = useSaveSecret();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<HomeSecretInput, unknown, HomeSecretFields>({
    resolver: zodResolver(homeSecretSchema),
    shouldFocusError: false,
    defaultValues: { kind: secret?.kind ?? 'door', label: secret?.label ?? '', value: '' },
  });
  const { errors } = form.formState;
  const title = secret ? `Replace the code "${secret.label}"` : 'Add a code';
  const onSubmit = (event: FormEvent) => {
    setFailure(null);
    void form.handleSubmit(
      (fields) =>
        save.mutate(
          { id: secret?.id ?? null, ...fields },
          {
            onSuccess: () => {
              form.reset({ kind: fields.kind, label: fields.label, value: '' });
              onDone(true);
            },
            onError: (error) => showServerError(form, formRef, error, setFailure),
          },
        ),
      () => focusFirstError(formRef.current),
    )(event);
  };
  return (
    <form ref={formRef} className="form home-secret-form" noValidate onSubmit={onSubmit} aria-busy={save.isPending} aria-label={title}>
      <Field label="Kind of code" required error={errors.kind?.message}>
        {(props) => (
          <select {...props} {...form.register('kind')}>
            {HOME_SECRET_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {HOME_SECRET_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Name" required hint='Where it is used, e.g. "Back door" or "Alarm panel in the garage".' error={errors.label?.message}>
        {(props) => <input {...props} type="text" autoComplete="off" {...form.register('label')} />}
      </Field>
      <Field label="Code" required hint="Sealed once saved: nobody can read it back here, not even you." error={errors.value?.message}>
        {(props) => <input {...props} type="text" autoComplete="off" spellCheck={false} {...form.register('value')} />}
      </Field>
      <FormAlert message={failure} />
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save code'}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function SecretItem({ secret, onReplace, onRemoved }: { secret: HomeSecretSummary; onReplace: () => void; onRemoved: () => void }) {
  const remove = useRemoveSecret();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="home-secret" data-secret-id={secret.id}>
      <span className="home-secret__name">{secret.label}</span> <span className="fine-print">({HOME_SECRET_KIND_LABELS[secret.kind]})</span>{' '}
      <span className="badge" data-secret-set="">
        Set
      </span>
      {confirming ? (
        <div role="group" aria-label={`Confirm removing ${secret.label}`} className="row-actions">
          <span>Remove this code?</span>
          <button type="button" className="button button--small" disabled={remove.isPending} onClick={() => remove.mutate(secret.id, { onSuccess: onRemoved, onSettled: () => setConfirming(false) })}>
            Yes, remove
          </button>
          <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="row-actions">
          <button type="button" className="button button--ghost button--small" aria-label={`Replace ${secret.label}`} onClick={onReplace}>
            Replace
          </button>
          <button type="button" className="button button--ghost button--small" aria-label={`Remove ${secret.label}`} onClick={() => setConfirming(true)}>
            Remove
          </button>
        </div>
      )}
      {remove.isError ? <FormAlert message={failureText(remove.error)} /> : null}
    </li>
  );
}

/** The codes: each one's name and that it is set; add, replace, remove. */
function EntryCodes({ secrets }: { secrets: HomeSecretSummary[] }) {
  // Which form is open: 'new', a code's id (replace), or none.
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const replaced = secrets.find((s) => s.id === editing) ?? null;
  const done = (message: string | null) => {
    setEditing(null);
    setNotice(message);
  };
  return (
    <div role="group" aria-labelledby="home-codes-heading" className="home-codes">
      <h3 id="home-codes-heading">Entry codes</h3>
      <p className="fine-print">Door, alarm and lockbox codes are sealed. Only the cleaner of the day sees them, on the day; every time someone does, it shows below.</p>
      {secrets.length === 0 ? <p className="fine-print">No codes saved.</p> : null}
      {secrets.length > 0 ? (
        <ul className="home-secrets">
          {secrets.map((secret) =>
            editing === secret.id ? (
              <li key={secret.id}>
                <SecretForm secret={replaced} onDone={(saved) => done(saved ? HOME_SECRET_SAVED : null)} />
              </li>
            ) : (
              <SecretItem key={secret.id} secret={secret} onReplace={() => setEditing(secret.id)} onRemoved={() => setNotice(HOME_SECRET_REMOVED)} />
            ),
          )}
        </ul>
      ) : null}
      {editing === 'new' ? (
        <SecretForm secret={null} onDone={(saved) => done(saved ? HOME_SECRET_SAVED : null)} />
      ) : (
        <button type="button" className="button button--ghost" onClick={() => { setNotice(null); setEditing('new'); }}>
          Add a code
        </button>
      )}
      <p role="status" className={notice ? 'portal-submitted' : undefined}>
        {notice ?? ''}
      </p>
    </div>
  );
}

/** Every recorded view of a code: who, when, and an admin's reason. */
function WhoSaw({ views }: { views: HomeProfileAnswer['views'] }) {
  return (
    <div role="group" aria-labelledby="home-views-heading" className="home-views">
      <h3 id="home-views-heading">{HOME_VIEWS_TITLE}</h3>
      {views.length === 0 ? (
        <p className="fine-print">{HOME_NO_VIEWS}</p>
      ) : (
        <ul className="home-views__list">
          {views.map((view) => (
            <li key={view.id} data-view-role={view.role}>
              <strong>{view.who}</strong> saw “{view.secretLabel}” on {formatEasternShort(new Date(view.at))} ET
              {view.reason ? <span>. Reason: {view.reason}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The portal's Home profile (docs/home-profile.md): the plain fields to edit, the entry codes
 * (write-only once saved), and who saw them. A failed load is logged and the section says so.
 */
export function HomeProfileSection({ enabled }: { enabled: boolean }) {
  const home = useHomeProfile(enabled);
  return (
    <section className="portal-section card" aria-labelledby="portal-home-profile">
      <h2 id="portal-home-profile">{HOME_SECTION_TITLE}</h2>
      <p className="fine-print">How to get in, where to park, your pets and what to take care of: our cleaners read this before they come.</p>
      {home.isPending ? <p className="fine-print">Loading your home profile…</p> : null}
      {home.isError ? <p className="fine-print">We could not load your home profile right now.</p> : null}
      {home.data ? (
        <>
          <HomeDetailsForm profile={home.data.profile} />
          <EntryCodes secrets={home.data.secrets} />
          <WhoSaw views={home.data.views} />
        </>
      ) : null}
    </section>
  );
}
