import { useId, useState } from 'react';
import type { CleanerCleaning } from '@app/shared/cleaner-day';
import { ETA_DEFAULT_MINUTES, ETA_MINUTES, type EtaMinutes } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { ApiError } from '../../../lib/api-client';
import { useVisitAction, type VisitAction } from '../api/visit-actions';
import { ChecklistForm } from './checklist-form';
import { easternClock } from './day-format';
import { VisitChecklistAsYouGo } from './visit-checklist';
import { checklistOf } from './visit-checklist-of';
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
 * per step, the state and its times above them, each answer in a live region. On my way is one
 * tap with the minutes to arrive below it (15 unless changed). From Start on, the visit's
 * checklist is ticked as the cleaner goes; Done asks only about what is still unticked. Every
 * tap is safe to repeat: the api answers a second one with the first record.
 */
export function VisitActions({ cleaning, today }: { cleaning: CleanerCleaning; today: boolean }) {
  const { visit } = cleaning;
  const mutation = useVisitAction(cleaning.id);
  const [step, setStep] = useState<'idle' | 'checklist'>('idle');
  const [minutes, setMinutes] = useState<EtaMinutes>(ETA_DEFAULT_MINUTES);
  const minutesId = useId();
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
        <>
          {!visit.onMyWayAt && !visit.startedAt ? (
            <div className="visit-actions__on-my-way">
              <button type="button" className="button visit-actions__big" onClick={() => send({ kind: 'on-my-way', minutes })} disabled={mutation.isPending} aria-describedby={`${minutesId}-hint`}>
                On my way
              </button>
              <p className="visit-actions__minutes">
                <label htmlFor={minutesId}>Minutes to arrive</label>{' '}
                <select id={minutesId} value={minutes} onChange={(event) => setMinutes(Number(event.target.value) as EtaMinutes)}>
                  {ETA_MINUTES.map((m) => (
                    <option key={m} value={m}>
                      {m} min
                    </option>
                  ))}
                </select>
                <span id={`${minutesId}-hint`} className="muted visit-actions__hint">
                  {' '}
                  {who === 'the customer' ? 'The customer' : who} gets a text: arriving in about {minutes} min.
                </span>
              </p>
            </div>
          ) : null}
          <p className="visit-actions__row">
            {!visit.startedAt ? (
              <button type="button" className="button visit-actions__big" onClick={() => send({ kind: 'start' })} disabled={mutation.isPending}>
                Start cleaning
              </button>
            ) : null}
            <button type="button" className="button visit-actions__big" onClick={() => setStep('checklist')} disabled={mutation.isPending}>
              Done
            </button>
          </p>
        </>
      ) : null}

      {/* The visit's checklist from Start on, ticked as the cleaner goes (docs/cleaner-day.md#checklists). */}
      {today && open && visit.startedAt && step === 'idle' ? <VisitChecklistAsYouGo cleaning={cleaning} /> : null}

      {step === 'checklist' ? (
        <ChecklistForm
          checklist={checklistOf(cleaning)}
          ticked={cleaning.ticked}
          pending={mutation.isPending}
          onDone={(checklist) => send({ kind: 'done', checklist })}
          onCancel={() => setStep('idle')}
        />
      ) : null}

      {/* Photos are optional, during the cleaning and in the Done step (docs/cleaner-day.md#photos). */}
      {today && open && (visit.startedAt || step === 'checklist') ? (
        <VisitPhotos dealId={cleaning.id} added={cleaning.photoCount} defaultLabel={step === 'checklist' || cleaning.ticked.length > 0 ? 'after' : 'before'} />
      ) : null}

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
