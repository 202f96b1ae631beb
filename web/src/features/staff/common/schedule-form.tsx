import { DURATION_MINUTES, defaultDurationMinutes, durationText, type ScheduleInput, type ScheduleWarning } from '@app/shared/schedule';
import type { DealDetails } from '@app/shared/staff-board';
import { useId, useState, type FormEvent } from 'react';
import { easternInputParts, easternInstant } from './eastern-input';
import { CleanerField } from './cleaner-field';
import { seenOf } from './seen-facts';
import { useDealCommand } from './move-deal';
import { checkSchedule, scheduleDeal } from './schedule-deal';
import { failureText } from './staff-errors';
import { DealFormActions } from './deal-form-actions';

/** The datetime-local value of an instant in Eastern Time; the customer's asked day at 9 AM when none is set. */
function startValue(deal: DealDetails): string {
  if (deal.scheduledAt) {
    const { day, time } = easternInputParts(deal.scheduledAt);
    return `${day}T${time}`;
  }
  return deal.preferredDate ? `${deal.preferredDate}T09:00` : '';
}

const DURATIONS = Array.from({ length: (DURATION_MINUTES.max - DURATION_MINUTES.min) / 30 + 1 }, (_, i) => DURATION_MINUTES.min + i * 30);

/**
 * Date, start time, expected duration and cleaner (docs/staff-actions.md). Saving first asks the
 * api what stands out (the cleaner's other cleanings, working hours, the day the customer asked
 * for); when something does, the warnings are shown and "Schedule anyway" saves past them.
 */
export function ScheduleForm({ deal, onDone }: { deal: DealDetails; onDone: () => void }) {
  const id = useId();
  const save = useDealCommand(scheduleDeal);
  const [when, setWhen] = useState(() => startValue(deal));
  const [duration, setDuration] = useState(String(deal.durationMinutes ?? defaultDurationMinutes(deal.serviceType)));
  const [ownerId, setOwnerId] = useState(deal.cleanerId ?? '');
  const [warnings, setWarnings] = useState<ScheduleWarning[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);

  const plan = (): ScheduleInput | null => {
    const scheduledAt = easternInstant(when);
    if (!scheduledAt || !ownerId) return null;
    return { scheduledAt, durationMinutes: Number(duration), ownerId, ...seenOf(deal) };
  };
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setWarnings(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = plan();
    if (!input) return;
    if (warnings && warnings.length > 0) {
      save.mutate({ dealId: deal.id, ...input, acceptWarnings: warnings.map((w) => w.code) }, { onSuccess: onDone });
      return;
    }
    setChecking(true);
    setCheckError(null);
    try {
      const found = await checkSchedule({ dealId: deal.id, ...input });
      if (found.length > 0) setWarnings(found);
      else save.mutate({ dealId: deal.id, ...input }, { onSuccess: onDone });
    } catch (error) {
      setCheckError(failureText(error));
    } finally {
      setChecking(false);
    }
  };

  const warned = warnings !== null && warnings.length > 0;
  return (
    <form className="deal-move-form" onSubmit={submit} aria-label="Schedule the cleaning">
      <p>
        <label htmlFor={`${id}-when`}>Date and start time (Eastern)</label>
        <input id={`${id}-when`} type="datetime-local" value={when} onChange={(e) => edit(setWhen)(e.target.value)} required />
      </p>
      <p>
        <label htmlFor={`${id}-duration`}>Expected duration</label>
        <select id={`${id}-duration`} value={duration} onChange={(e) => edit(setDuration)(e.target.value)}>
          {(DURATIONS.includes(Number(duration)) ? DURATIONS : [...DURATIONS, Number(duration)].sort((a, b) => a - b)).map((m) => (
            <option key={m} value={m}>
              {durationText(m)}
            </option>
          ))}
        </select>
      </p>
      <CleanerField id={`${id}-cleaner`} value={ownerId} onChange={edit(setOwnerId)} />
      {warned ? (
        <div className="alert alert--warning" role="alert">
          <p>Before you save:</p>
          <ul>
            {warnings.map((w) => (
              <li key={w.code}>{w.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <DealFormActions
        submit={warned ? 'Schedule anyway' : 'Schedule'}
        disabled={save.isPending || checking}
        onBack={onDone}
        error={checkError ?? (save.isError ? failureText(save.error) : null)}
      />
    </form>
  );
}
