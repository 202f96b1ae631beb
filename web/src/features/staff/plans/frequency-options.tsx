import { PLAN_FREQUENCIES } from '@app/shared/plan-schedule';
import { PLAN_FREQUENCY_LABELS } from '@app/shared/recurring-plan';

/** The choices of a plan's "How often" select: every frequency a plan takes, in words. */
export function FrequencyOptions() {
  return (
    <>
      {PLAN_FREQUENCIES.map((f) => (
        <option key={f} value={f}>
          {PLAN_FREQUENCY_LABELS[f]}
        </option>
      ))}
    </>
  );
}
