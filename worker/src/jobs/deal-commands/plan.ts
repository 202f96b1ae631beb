import type { CommandToApply } from '../../crm/deal-command-repository';
import type { Properties } from '../../crm/hubspot-gateway';
import { commandNote } from './command-note';
import type { CommandKind } from './command-kind';

/**
 * A recurring plan's change carried to one of its visits (docs/recurring-plans.md): a move of the
 * deal as any, and the visit's new occurrence in `plan_occurrence_date` when the rule gave it
 * another date, so HubSpot reads the visit as the plan does.
 */
export const planKind: CommandKind = {
  properties(command: CommandToApply): Properties {
    const occurrence = (command.changes as { planOccurrence?: unknown }).planOccurrence;
    return typeof occurrence === 'string' ? { plan_occurrence_date: occurrence } : {};
  },
  note: (command, cleaner) => commandNote({ ...command, kind: 'plan' }, cleaner),
};
