import { formatEastern } from '@app/shared/eastern-time';
import type { CommandToApply } from '../../crm/deal-command-repository';
import type { Properties } from '../../crm/hubspot-gateway';
import { commandNote } from './command-note';
import type { CommandKind } from './command-kind';

/** What a plan command carries besides the watched fields (docs/recurring-plans.md). */
const planFields = (command: CommandToApply) => command.changes as { planId?: unknown; planOccurrence?: unknown };

/**
 * A recurring plan's command on one of its visits (docs/recurring-plans.md): the plan's change
 * carried to the visit (a move of the deal as any, with its new occurrence in
 * `plan_occurrence_date` when the rule gave it another date), or, for the cleaning a plan was
 * made of, the plan and its date (`recurring_plan_id`), as the visits made carry them from their create.
 */
export const planKind: CommandKind = {
  properties(command: CommandToApply): Properties {
    const { planId, planOccurrence } = planFields(command);
    return {
      ...(typeof planId === 'string' && { recurring_plan_id: planId }),
      ...(typeof planOccurrence === 'string' && { plan_occurrence_date: planOccurrence }),
    };
  },
  note(command, cleaner) {
    if (typeof planFields(command).planId !== 'string') return commandNote({ ...command, kind: 'plan' }, cleaner);
    return `Made the first visit of a recurring plan by ${command.staffEmail} in the staff workspace on ${formatEastern(command.createdAt)}.`;
  },
};
