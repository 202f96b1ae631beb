import { DURATION_MINUTES, defaultDurationMinutes, durationText, type ScheduleInput, type ScheduleWarning } from '@app/shared/schedule';
import type { DealDetails } from '@app/shared/staff-board';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { ApiError } from '../../../lib/api-client';
import { easternInputParts, easternInstant } from './eastern-input';
import { ScheduleWarnings } from './schedule-warnings';
import { CleanerField } from './cleaner-field';
import { seenOf } from './seen-facts';
import { useDealCommand } from './move-deal';
import { checkSchedule, scheduleDeal } from './schedule-deal';
import { failureText } from './staff-errors';
import { DealFormActions } from './deal-form-actions';
import './staff-forms.css';

/** The datetime-local value of an instant in Eastern Time; the customer's asked day at 9 AM when none is set. */
function startValue(deal: DealDetails): string {
  if (deal.scheduledAt) {
    const { day, time } = easternInputParts(deal.scheduledAt);
    return `${day}T${time}`;
  }
  return deal.preferredDate ? `${deal.preferredDate}T09:00` : '';
}

/** What the office left out, by field. */
type Missing = { when?: string; ownerId?: string };

const DURATIONS = Array.from({ length: (DURATION_MINUTES.max - DURATION_MINUTES.min) / 30 + 1 }, (_, i) => DURATION_MINUTES.min + i * 30);

/**
 * Date, start time, expected duration and cleaner (docs/staff-actions.md). Saving first asks the
 * api what stands out (the cleaner's other cleanings, working hours, the day the customer asked
 * for); when something does, the warnings are shown and "Schedule anyway" saves past them.
 */
export function ScheduleForm({ deal, onDone }: { deal: DealDetails; onDone: () => void }) {
  const save = useDealCommand(scheduleDeal);
  const [when, setWhen] = useState(() => startValue(deal));
  const [duration, setDuration] = useState(String(deal.durationMinutes ?? defaultDurationMinutes(deal.serviceType)));
  const [ownerId, setOwnerId] = useState(deal.cleanerId ?? '');
  const [warnings, setWarnings] = useState<ScheduleWarning[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [missing, setMissing] = useState<Missing>({});

  const plan = (): ScheduleInput | null => {
    const scheduledAt = easternInstant(when);
    if (!scheduledAt || !ownerId) return null;
    return { scheduledAt, durationMinutes: Number(duration), ownerId, ...seenOf(deal) };
  };
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setWarnings(null);
  };
  // The api's refusal of one field goes under it; anything else above the buttons.
  const refused = save.isError && save.error instanceof ApiError ? save.error.field : undefined;
  const fieldError = (field: 'scheduledAt' | 'ownerId') => (refused === field ? failureText(save.error) : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // What is missing is said under its field, and the first such field takes the focus.
    const missing: Missing = {
      ...(easternInstant(when) ? {} : { when: 'Choose the date and start time.' }),
      ...(ownerId ? {} : { ownerId: 'Choose a cleaner.' }),
    };
    setMissing(missing);
    const input = plan();
    if (!input) {
      focusFirstError(form);
      return;
    }
    if (warnings && warnings.length > 0) {
      save.mutate({ dealId: deal.id, ...input, acceptWarnings: warnings.map((w) => w.code) }, { onSuccess: onDone, onError: () => focusFirstError(form) });
      return;
    }
    setChecking(true);
    setCheckError(null);
    try {
      const found = await checkSchedule({ dealId: deal.id, ...input });
      if (found.length > 0) setWarnings(found);
      else save.mutate({ dealId: deal.id, ...input }, { onSuccess: onDone, onError: () => focusFirstError(form) });
    } catch (error) {
      setCheckError(failureText(error));
    } finally {
      setChecking(false);
    }
  };

  const warned = warnings !== null && warnings.length > 0;
  return (
    <form className="deal-move-form staff-form" onSubmit={submit} aria-label="Schedule the cleaning" noValidate>
      <div className="form-grid">
        <Field label="Date and start time (Eastern)" required error={missing.when ?? fieldError('scheduledAt')}>
          {(control) => <input {...control} name="scheduledAt" type="datetime-local" value={when} onChange={(e) => edit(setWhen)(e.target.value)} />}
        </Field>
        <Field label="Expected duration">
          {(control) => (
            <select {...control} name="durationMinutes" value={duration} onChange={(e) => edit(setDuration)(e.target.value)}>
              {(DURATIONS.includes(Number(duration)) ? DURATIONS : [...DURATIONS, Number(duration)].sort((a, b) => a - b)).map((m) => (
                <option key={m} value={m}>
                  {durationText(m)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <CleanerField value={ownerId} onChange={edit(setOwnerId)} error={missing.ownerId ?? fieldError('ownerId')} />
      {warned ? <ScheduleWarnings warnings={warnings} lead="Before you save:" /> : null}
      <DealFormActions
        submit={warned ? 'Schedule anyway' : 'Schedule'}
        disabled={save.isPending || checking}
        onBack={onDone}
        error={checkError ?? (save.isError && !refused ? failureText(save.error) : null)}
      />
    </form>
  );
}
