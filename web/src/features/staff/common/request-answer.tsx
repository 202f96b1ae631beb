import type { DealCommandView } from '@app/shared/deal-commands';
import { REASON_MAX } from '@app/shared/request-answers';
import type { AnswerableKind } from '@app/shared/staff-board';
import { useRef, useState, type FormEvent } from 'react';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { Field } from '../../../components/form/field';
import { ApiError } from '../../../lib/api-client';
import { useAnswerRequest } from './answer-request';
import { ChangedFacts } from './changed-facts';
import { easternInputParts, easternInstant } from './eastern-input';
import { easternFromIso } from './format-eastern';
import { failureText } from './staff-errors';
import type { SeenDeal } from './seen-facts';
import { DealFormActions } from './deal-form-actions';
import './staff-forms.css';

type AnswerCommand = Extract<DealCommandView, { kind: 'request-answer' }>;

/** An open change or cancel request or re-clean claim as its answer needs it. */
export interface AnswerableRequest {
  id: string;
  kind: AnswerableKind;
  changeType: string | null;
  /** The day the customer asked for instead ('YYYY-MM-DD', Eastern). */
  requestedDate: string | null;
}

/** The datetime-local value to start from: the customer's day at the cleaning's current time (else 9:00), Eastern. */
export function proposedStart(requestedDate: string | null, scheduledAt: string | null): string {
  const current = scheduledAt ? easternInputParts(scheduledAt) : null;
  const day = requestedDate ?? current?.day ?? '';
  if (!day) return '';
  return `${day}T${current?.time ?? '09:00'}`;
}

function answerText(command: AnswerCommand): string {
  if (command.changes.answer === 'decline') return 'Declining the request';
  if (command.changes.scheduledAt) return `Moving the cleaning to ${easternFromIso(command.changes.scheduledAt)}`;
  if (command.changes.stageId) return 'Canceling the cleaning';
  return 'Approving the request';
}

/** What became of the latest answer: on its way, refused because HubSpot changed the cleaning, failed, or done. */
export function AnswerStatus({ command }: { command: AnswerCommand }) {
  const what = answerText(command);
  if (command.status === 'pending') {
    return (
      <p className="status-note" role="status">
        {what}: waiting for HubSpot.
      </p>
    );
  }
  if (command.status === 'conflict') {
    return (
      <div className="alert" role="alert">
        <p>Not answered: HubSpot changed this cleaning after you opened it.</p>
        <ChangedFacts conflict={command.conflict ?? []} />
        <p>What you see here is HubSpot&apos;s version now. Answer again if your answer still applies.</p>
      </div>
    );
  }
  if (command.status === 'failed') {
    return (
      <p className="alert" role="alert">
        Not answered: {command.error ?? 'HubSpot refused the change.'}
      </p>
    );
  }
  return (
    <p className="status-note" role="status">
      {command.changes.answer === 'decline' ? 'Declined' : 'Approved'}; the customer sees the outcome in the portal.
    </p>
  );
}

type Mode = 'approve' | 'decline' | null;

/** The words of each kind's controls. */
const WORDS: Readonly<Record<AnswerableKind, { group: string; approve: string; declined: string }>> = {
  reschedule: { group: 'Answer the change request', approve: 'Approve', declined: 'Decline request' },
  cancellation: { group: 'Answer the cancellation request', approve: 'Approve cancellation', declined: 'Decline request' },
  reclean: { group: 'Answer the re-clean claim', approve: 'Approve: we come back', declined: 'Decline claim' },
};

/**
 * Approve or decline a customer's open change or cancel request or re-clean claim
 * (docs/staff-actions.md): approving a reschedule asks for the new start, pre-filled with the day
 * the customer asked for; approving a cancellation asks to confirm; approving a re-clean claim
 * asks for the note that tells the customer when the office comes back; declining asks for the
 * reason the customer will read. Nothing is offered while a change of the cleaning is on its way
 * to HubSpot.
 */
export function RequestAnswer(props: {
  request: AnswerableRequest;
  /** The cleaning's current start. */
  scheduledAt: string | null;
  /** The latest answer to this request, if any. */
  latest: AnswerCommand | null;
  /** A change of the cleaning is on its way to HubSpot. */
  busy: boolean;
  /** The deal's version and watched fields as shown (seenOf), sent back with the answer. */
  seen: SeenDeal;
}) {
  const { request, latest, busy, seen } = props;
  const mutation = useAnswerRequest();
  const formRef = useRef<HTMLFormElement>(null);
  const [mode, setMode] = useState<Mode>(null);
  const [when, setWhen] = useState(() => proposedStart(request.requestedDate, props.scheduledAt));
  const [reason, setReason] = useState('');
  const reschedule = request.kind === 'reschedule';
  const claim = request.kind === 'reclean';
  const words = WORDS[request.kind];
  const needsDate = reschedule && (request.changeType === null || request.changeType === 'Reschedule to another day');
  const pending = busy || latest?.status === 'pending';
  // A decline's reason and an approved claim's note are the customer's to read; the claim's is its approval.
  const asksWords = mode === 'decline' || (mode === 'approve' && claim);
  // The api's refusal of one of the form's fields goes under it; anything else above the buttons.
  const refused = mutation.isError && mutation.error instanceof ApiError && (mutation.error.field === 'reason' || mutation.error.field === 'scheduledAt') ? mutation.error.field : undefined;
  const fieldError = (field: 'reason' | 'scheduledAt') => (refused === field ? failureText(mutation.error) : undefined);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const start = easternInstant(when);
    const input =
      mode === 'decline'
        ? { answer: 'decline' as const, reason: reason.trim() }
        : claim
          ? { answer: 'approve' as const, reason: reason.trim() }
          : { answer: 'approve' as const, ...(reschedule && start ? { scheduledAt: start } : {}) };
    mutation.mutate({ ticketId: request.id, ...seen, ...input }, { onSuccess: () => setMode(null), onError: () => focusFirstError(formRef.current) });
  };

  return (
    // A group, not a landmark: the requests page shows one per open request, and landmarks must be told apart.
    <div role="group" className="request-answer" aria-label={words.group}>
      <div aria-live="polite">{latest ? <AnswerStatus command={latest} /> : busy ? <p className="status-note">A change of this cleaning is on its way to HubSpot.</p> : null}</div>
      {pending ? null : (
        <p className="request-answer__choices stage-choices">
          <button type="button" className="stage-choice" aria-pressed={mode === 'approve'} onClick={() => setMode('approve')}>
            {words.approve}
          </button>{' '}
          <button type="button" className="stage-choice" aria-pressed={mode === 'decline'} onClick={() => setMode('decline')}>
            Decline
          </button>
        </p>
      )}
      {mode && !pending ? (
        <form ref={formRef} className="deal-move-form staff-form" onSubmit={send} aria-label={`${mode === 'decline' ? 'Decline' : 'Approve'} the ${claim ? 'claim' : 'request'}`} noValidate>
          {mode === 'approve' && reschedule ? (
            <Field label="New date and start time (Eastern)" required={needsDate} error={fieldError('scheduledAt')}>
              {(control) => <input {...control} name="scheduledAt" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />}
            </Field>
          ) : null}
          {mode === 'approve' && request.kind === 'cancellation' ? <p>The cleaning will be canceled in HubSpot and the customer told.</p> : null}
          {mode === 'approve' && claim ? <p>The ticket is closed as completed; the done cleaning stays as it is. Arrange the visit with the customer.</p> : null}
          {asksWords ? (
            <Field label={mode === 'decline' ? 'Reason (the customer reads it)' : 'When you come back (the customer reads it)'} required error={fieldError('reason')}>
              {(control) => <textarea {...control} name="reason" value={reason} maxLength={REASON_MAX} rows={3} onChange={(e) => setReason(e.target.value)} />}
            </Field>
          ) : null}
          <DealFormActions
            submit={mode === 'decline' ? words.declined : claim ? 'Approve claim' : !reschedule ? 'Cancel the cleaning' : needsDate ? 'Approve and move' : 'Approve'}
            disabled={mutation.isPending}
            back="Back"
            onBack={() => setMode(null)}
            error={mutation.isError && !refused ? failureText(mutation.error) : null}
          />
        </form>
      ) : null}
    </div>
  );
}
