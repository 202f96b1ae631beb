import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMAIL_NOTICES_LINE,
  EMAIL_REMINDERS_LABEL,
  EMAIL_REMINDERS_STARTED,
  EMAIL_REMINDERS_STOPPED,
  EMAIL_SEND_AGAIN,
  EMAIL_SENDING_AGAIN,
  EMAIL_START_REMINDERS,
  EMAIL_STOP_REMINDERS,
  emailBouncedText,
  emailComplainedText,
  emailRemindersText,
  REACH_LOAD_FAILED,
  REACH_SAVE_FAILED,
  REACH_SECTION_LEAD,
  REACH_SECTION_TITLE,
  TEXTS_TURN_OFF,
  TEXTS_TURN_ON,
  TEXTS_TURNED_OFF,
  TEXTS_TURNED_ON,
  textsHeldText,
  textsOnFormSchema,
  textsStandingText,
  type EmailStanding,
  type TextsOnFormInput,
  type TextsStanding,
} from '@app/shared/reach-channels';
import { formatUsPhone } from '@app/shared/phone';
import { portalTextsWords } from '@app/shared/sms-consent';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { FormAlert } from '../../../components/form/form-alert';
import { TextsOptInField } from '../../../components/form/texts-opt-in-field';
import { ApiError } from '../../../lib/api-client';
import { COMPANY, PHONE_DISPLAY } from '../../../lib/company';
import { useChannels, useChooseEmail, useChooseTexts, useSendEmailAgain } from '../api/channels';

/** The id the details card links to. */
export const REACH_SECTION_ID = 'how-we-reach-you';

/** The words the page shows for turning texts on, and sends the version of (shared/src/sms-consent.ts). */
const TEXTS_WORDS = portalTextsWords(COMPANY)!;

/** A refused change's words: the api's (which name what to do), else ours. */
const failureText = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : REACH_SAVE_FAILED);

/** What a change did, for the section's status line, or why it was refused, for its alert. */
type Outcome = { ok: boolean; message: string };
type Say = (outcome: Outcome) => void;
const done = (message: string): Outcome => ({ ok: true, message });
const refused = (error: unknown): Outcome => ({ ok: false, message: failureText(error) });

function OnOff({ on }: { on: boolean }) {
  return (
    <span className="tag" data-tone={on ? 'scheduled' : 'canceled'}>
      {on ? 'On' : 'Off'}
    </span>
  );
}

/**
 * Turning texts on: the box and the program's terms under it, as the booking form shows them. The
 * box must be ticked; the page then sends the version of the words it showed, which the api keeps.
 */
function TextsOnForm({ onDone, say }: { onDone: (saved: boolean) => void; say: Say }) {
  const choose = useChooseTexts();
  const formRef = useRef<HTMLFormElement>(null);
  // Opened from its button: the keyboard goes on at the box.
  useEffect(() => formRef.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus(), []);
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TextsOnFormInput>({ resolver: zodResolver(textsOnFormSchema), shouldFocusError: false, defaultValues: { agreed: false } });
  const onSubmit = (event: FormEvent) => {
    setFailure(null);
    void form.handleSubmit(
      // The promise, not mutate's callbacks: the answer turns texts on, which closes this form.
      () =>
        choose.mutateAsync({ on: true, consentVersion: TEXTS_WORDS.version }).then(
          () => {
            say(done(TEXTS_TURNED_ON));
            onDone(true);
          },
          (error: unknown) => setFailure(failureText(error)),
        ),
      () => focusFirstError(formRef.current),
    )(event);
  };
  return (
    <form ref={formRef} className="form reach-texts-form" noValidate onSubmit={onSubmit} aria-busy={choose.isPending} aria-label={TEXTS_TURN_ON}>
      <TextsOptInField
        termsId={`${id}-terms`}
        errorId={`${id}-error`}
        error={form.formState.errors.agreed?.message}
        registration={form.register('agreed')}
        label={TEXTS_WORDS.textsOptIn}
        disclosure={TEXTS_WORDS.disclosure}
      />
      <FormAlert message={failure} />
      <div className="actions">
        <button type="submit" className="button" disabled={choose.isPending}>
          {choose.isPending ? 'Saving…' : TEXTS_TURN_ON}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TextsChannel({ texts, say }: { texts: TextsStanding; say: Say }) {
  const choose = useChooseTexts();
  const [turningOn, setTurningOn] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);
  const turnOnRef = useRef<HTMLButtonElement>(null);
  // The form goes away: the focus goes back to its button (cancel) or to the texts' new standing (saved).
  const closeForm = (saved: boolean) => {
    setTurningOn(false);
    requestAnimationFrame(() => (saved ? groupRef.current : turnOnRef.current)?.focus());
  };
  // STOP is lifted by a START reply only, and without a phone there is nothing to text.
  const canTurnOn = !texts.on && (texts.off === 'not_agreed' || texts.off === 'turned_off');
  return (
    <div ref={groupRef} tabIndex={-1} role="group" aria-labelledby="reach-texts-heading" className="reach-channel" data-texts={texts.on ? 'on' : (texts.off ?? 'off')}>
      <h3 id="reach-texts-heading">Texts{texts.phone ? ` to ${formatUsPhone(texts.phone)}` : ''}</h3>
      <p>
        <OnOff on={texts.on} /> <span data-texts-standing="">{textsStandingText(texts)}</span>
      </p>
      {texts.heldSince ? <p className="notice">{textsHeldText(texts.heldSince)}</p> : null}
      {texts.on ? (
        <div className="actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={choose.isPending}
            onClick={() => choose.mutate({ on: false }, { onSuccess: () => say(done(TEXTS_TURNED_OFF)), onError: (error) => say(refused(error)) })}
          >
            {TEXTS_TURN_OFF}
          </button>
        </div>
      ) : null}
      {canTurnOn && turningOn ? <TextsOnForm onDone={closeForm} say={say} /> : null}
      {canTurnOn && !turningOn ? (
        <div className="actions">
          <button ref={turnOnRef} type="button" className="button" onClick={() => setTurningOn(true)}>
            {TEXTS_TURN_ON}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function EmailChannel({ email, say }: { email: EmailStanding; say: Say }) {
  const choose = useChooseEmail();
  const again = useSendEmailAgain();
  const stopped = email.bounced !== null || email.complained !== null;
  return (
    <div role="group" aria-labelledby="reach-email-heading" className="reach-channel" data-email={stopped ? 'stopped' : 'on'}>
      <h3 id="reach-email-heading">E-mail to {email.address}</h3>
      {email.complained ? (
        <p className="notice" data-email-complained="">
          {emailComplainedText(email.complained, PHONE_DISPLAY)}
        </p>
      ) : email.bounced ? (
        <div className="notice" data-email-bounced="">
          <p>{emailBouncedText(email.bounced)}</p>
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={again.isPending}
              onClick={() => again.mutate(undefined, { onSuccess: () => say(done(EMAIL_SENDING_AGAIN)), onError: (error) => say(refused(error)) })}
            >
              {EMAIL_SEND_AGAIN}
            </button>
          </div>
        </div>
      ) : null}
      <dl className="reach-email">
        <div>
          <dt>Notices</dt>
          <dd>
            <OnOff on={!stopped} /> {EMAIL_NOTICES_LINE}
          </dd>
        </div>
        <div>
          <dt>{EMAIL_REMINDERS_LABEL}</dt>
          <dd data-email-reminders={email.reminders ? 'on' : 'off'}>
            <OnOff on={email.reminders && !stopped} /> {emailRemindersText(email)}
            <div className="actions">
              <button
                type="button"
                className="button button--ghost"
                disabled={choose.isPending}
                onClick={() =>
                  choose.mutate(
                    { reminders: !email.reminders },
                    { onSuccess: () => say(done(email.reminders ? EMAIL_REMINDERS_STOPPED : EMAIL_REMINDERS_STARTED)), onError: (error) => say(refused(error)) },
                  )
                }
              >
                {email.reminders ? EMAIL_STOP_REMINDERS : EMAIL_START_REMINDERS}
              </button>
            </div>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The portal's "How we reach you" (docs/customer-messages.md#channels): texts on or off and why,
 * with the consent words to turn them on; e-mail notices, reminders and rating requests, and a
 * bounce or complaint in plain words. What was done is said in the section's status line.
 */
export function ReachSection({ enabled }: { enabled: boolean }) {
  const channels = useChannels(enabled);
  const [outcome, say] = useState<Outcome | null>(null);
  const said = outcome?.ok ? outcome.message : null;
  return (
    <section id={REACH_SECTION_ID} tabIndex={-1} className="portal-section card reach-section" aria-labelledby="portal-reach">
      <h2 id="portal-reach">{REACH_SECTION_TITLE}</h2>
      <p className="fine-print">{REACH_SECTION_LEAD}</p>
      {channels.isPending ? <p className="fine-print">Loading your choices…</p> : null}
      {channels.isError ? <p className="fine-print">{REACH_LOAD_FAILED}</p> : null}
      {channels.data ? (
        <>
          <TextsChannel texts={channels.data.texts} say={say} />
          <EmailChannel email={channels.data.email} say={say} />
        </>
      ) : null}
      <FormAlert message={outcome && !outcome.ok ? outcome.message : null} />
      <p role="status" className={said ? 'portal-submitted' : undefined}>
        {said ?? ''}
      </p>
    </section>
  );
}
