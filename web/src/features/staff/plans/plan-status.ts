import { formatCalendarDay } from '@app/shared/eastern-time';
import type { PlanView } from '@app/shared/recurring-plan';

/** Active, paused (inside one of its pauses), ending (an end date ahead) or ended. */
export function planStatusText(plan: PlanView): string {
  if (plan.status === 'ended') return 'Ended';
  if (plan.pausedNow) return 'Paused';
  return plan.endDate ? `Ending ${formatCalendarDay(plan.endDate)}` : 'Active';
}
