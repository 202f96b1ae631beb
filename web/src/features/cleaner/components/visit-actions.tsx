import { useState } from 'react';
import type { CleanerCleaning } from '@app/shared/cleaner-day';
import { ETA_MINUTES, type EtaMinutes } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { ApiError } from '../../../lib/api-client';
import { useVisitAction, type VisitAction } from '../api/visit-actions';
import { ChecklistForm } from './checklist-form';
import { easternClock } from './day-format';
import { VisitPhotos } from './visit-photos';

/** What the cleaner reads after each tap (in the live region). */
function doneMessage(action: VisitAction, texted: boolean | undefined): string {
  if (action.kind === 'on-my-way') return texted ? 'On my way: sent. The customer gets a text.' : 'On my way: recorded. The customer does not get texts from us.';
  return action.kind === 'start' ? 'Started: recorded.' : 'Done: recorded. The office is told.';
}

function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.field ? `${error.serverMessage} (${error.field})` : error.serverMessage;
  return 'That did not go through. Check your signal and tap again.';
}

/**
 * On my way, Start cleaning, Done (docs/cleaner-day.md) for one cleaning of today: one big button
 * per step, the state and its times above them, each answer in a live region. Every tap is safe
 * to repeat: the api answers a second one with the first record.
 */
export function VisitActions({ cleaning, today }: { cleaning: CleanerCleaning; today: boolean }) {
  const { visit } = cleaning;
  const mutation = useVisitAction(cleaning.id);
  const [step, setStep] = useState<'idle' | 'minutes' | 'checklist'>('idle');
  const [minutes, setMinutes] = useState<EtaMinutes | null>(null);
  const [message, setMessage] = useState('');
  const who = cleaning.customerFirstName ?? 'the customer';
  // The office may have closed it out (or canceled it): nothing left to tap.
  const open = cleaning.stageId === STAGE.CLEANING_SCHEDULED && visit.state !== 'done';

  const send = (action: VisitAction) => {
    setMessage('');
    mutation.mutate(action, {
      onSuccess: (result) => {
        setStep('idle');
        setMessage(doneMessage(action, result.texted));
      },
    });
  };

  return (
    <div role="group" className="visit-actions" aria-label={`Visit at ${easternClock(cleaning.scheduledAt)}, ${who}`}>
      <p className={`visit-state visit-state--${visit.state}`}>
        <strong>{visit.stateLabel}</strong>
        {visit.arrival ? (
          <span>
            {' '}
            · arriving {easternClock(visit.arrival.from)}–{easternClock(visit.arrival.to)}
          </span>
        ) : null}
        {visit.startedAt ? <span> · started {easternClock(visit.startedAt)}{visit.startedWithDone ? ' (Start not tapped: set to the finish time)' : ''}</span> : null}
        {visit.doneAt ? <span> · done {easternClock(visit.doneAt)}</span> : null}
      </p>

      {today && open && step === 'idle' ? (
        <p className="visit-actions__row">
          {!visit.onMyWayAt && !visit.startedAt ? (
            <button type="button" className="button visit-actions__big" onClick={() => setStep('minutes')} disabled={mutation.isPending}>
              On my way
            </button>
          ) : null}
          {!visit.startedAt ? (
            <button type="button" className="button visit-actions__big" onClick={() => send({ kind: 'start' })} disabled={mutation.isPending}>
              Start cleaning
            </button>
          ) : null}
          <button type="button" className="button visit-actions__big" onClick={() => setStep('checklist')} disabled={mutation.isPending}>
            Done
          </button>
        </p>
      ) : null}

      {step === 'minutes' ? (
        <fieldset className="visit-actions__minutes">
          <legend>Minutes to arrive</legend>
          <p className="visit-actions__choices">
            {ETA_MINUTES.map((m) => (
              <button key={m} type="button" className="button button--ghost visit-actions__choice" aria-pressed={m === minutes} onClick={() => setMinutes(m)}>
                {m} min
              </button>
            ))}
          </p>
          <p className="visit-actions__row">
            <button type="button" className="button visit-actions__big" disabled={minutes === null || mutation.isPending} onClick={() => minutes && send({ kind: 'on-my-way', minutes })}>
              {minutes ? `Send: arriving in ${minutes} min` : 'Send'}
            </button>
            <button type="button" className="button button--ghost visit-actions__big" onClick={() => setStep('idle')}>
              Back
            </button>
          </p>
        </fieldset>
      ) : null}

      {step === 'checklist' ? (
        <ChecklistForm family={cleaning.checklistFamily} pending={mutation.isPending} onDone={(checklist) => send({ kind: 'done', checklist })} onCancel={() => setStep('idle')} />
      ) : null}

      {/* Photos are optional, during the cleaning and in the Done step (docs/cleaner-day.md#photos). */}
      {today && open && (visit.startedAt || step === 'checklist') ? <VisitPhotos dealId={cleaning.id} added={cleaning.photoCount} /> : null}

      <p className="visit-actions__status" role="status" aria-live="polite">
        {mutation.isPending ? 'Sending…' : message}
      </p>
      {mutation.isError ? (
        <p className="alert" role="alert">
          {errorMessage(mutation.error)}
        </p>
      ) : null}
    </div>
  );
}
