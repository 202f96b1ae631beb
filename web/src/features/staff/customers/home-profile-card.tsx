import {
  HOME_FIELDS,
  HOME_SECRET_KIND_LABELS,
  HOME_SECTION_TITLE,
  REVEAL_REASON_LABEL,
  REVEAL_REASON_MIN,
  revealReasonSchema,
  type HomeSecretSummary,
  type RevealReasonInput,
} from '@app/shared/home-profile';
import { useState } from 'react';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import { easternFromIso } from '../common/format-eastern';
import { failureText } from '../common/staff-errors';
import { useStaffForm } from '../common/use-staff-form';
import { ContextFacts } from './context-facts';
import { useHomeProfile, useRevealSecret } from './home-profile';

/**
 * An admin's reveal of one code: the reason first (required, recorded with who and when), then
 * the value shown once, in this component's memory only, until "Hide" or the page is left.
 */
function Reveal({ contactId, secret }: { contactId: string; secret: HomeSecretSummary }) {
  const reveal = useRevealSecret(contactId);
  const [asking, setAsking] = useState(false);
  const { form, formRef, failure, onSubmit, showFailure } = useStaffForm<RevealReasonInput, { reason: string }>(revealReasonSchema, { reason: '' });
  const close = () => {
    reveal.reset();
    form.reset({ reason: '' });
    setAsking(false);
  };
  if (reveal.data) {
    return (
      <div role="group" aria-label={`Code for ${secret.label}`} className="row-actions home-reveal">
        <span>
          Code: <strong data-revealed-code="">{reveal.data.value}</strong>
        </span>
        <button type="button" className="button button--ghost button--small" onClick={close}>
          Hide
        </button>
      </div>
    );
  }
  if (!asking) {
    return (
      <button type="button" className="button button--ghost button--small" aria-label={`Reveal ${secret.label}`} onClick={() => setAsking(true)}>
        Reveal
      </button>
    );
  }
  const { errors } = form.formState;
  return (
    <form
      ref={formRef}
      className="form home-reveal"
      noValidate
      aria-label={`Reveal ${secret.label}`}
      aria-busy={reveal.isPending}
      onSubmit={onSubmit(({ reason }) => reveal.mutate({ secretId: secret.id, reason }, { onError: showFailure }))}
    >
      <Field label={REVEAL_REASON_LABEL} required hint={`Recorded with your name and shown to the customer (at least ${REVEAL_REASON_MIN} characters).`} error={errors.reason?.message}>
        {(props) => <textarea {...props} rows={2} {...form.register('reason')} />}
      </Field>
      <FormAlert message={failure} />
      <div className="actions">
        <button type="submit" className="button button--small" disabled={reveal.isPending}>
          {reveal.isPending ? 'Revealing…' : 'Reveal code'}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The customer's home profile on the staff customer page (docs/home-profile.md): the plain
 * fields, each entry code's name and that it is set (never its value), an admin's Reveal, and
 * every recorded view.
 */
export function HomeProfileCard({ contactId }: { contactId: string }) {
  const home = useHomeProfile(contactId);
  return (
    <section className="tool-section" aria-label={HOME_SECTION_TITLE}>
      <h3>{HOME_SECTION_TITLE}</h3>
      {home.isPending ? <p className="muted">Loading the home profile…</p> : null}
      {home.isError ? <p className="muted">{failureText(home.error, 'The home profile could not be loaded.')}</p> : null}
      {home.data ? (
        <>
          <ContextFacts facts={HOME_FIELDS.map(({ key, label }) => [label, home.data.profile[key] ?? '—'] as const)} />
          <h4>Entry codes</h4>
          {home.data.secrets.length === 0 ? (
            <p className="muted">No codes saved.</p>
          ) : (
            <ul className="crm-activities">
              {home.data.secrets.map((secret) => (
                <li key={secret.id} data-secret-id={secret.id}>
                  {secret.label} ({HOME_SECRET_KIND_LABELS[secret.kind]}): <span data-secret-set="">set</span>
                  {home.data.canReveal ? (
                    <div className="home-reveal-row">
                      <Reveal contactId={contactId} secret={secret} />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {home.data.canReveal ? null : <p className="muted">Only an admin can reveal a code, with a reason.</p>}
          <h4>Who saw the codes</h4>
          {home.data.views.length === 0 ? (
            <p className="muted">Nobody has seen them.</p>
          ) : (
            <ul className="crm-activities">
              {home.data.views.map((view) => (
                <li key={view.id} data-view-role={view.role}>
                  {easternFromIso(view.at)}: {view.who} saw “{view.secretLabel}”{view.reason ? `. Reason: ${view.reason}` : ''}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
