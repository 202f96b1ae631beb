import { formatEastern } from '@app/shared/eastern-time';
import type { CommandToApply } from '../../crm/deal-command-repository';
import { catalogueLine, replaceDealLineItems, type DealLine } from '../../crm/deal-line-items';
import { writePlanConfirmed } from '../../crm/notice-repository';
import type { Properties } from '../../crm/hubspot-gateway';
import { commandNote } from './command-note';
import type { CommandKind } from './command-kind';

/** What a plan command carries besides the watched fields (docs/recurring-plans.md). */
const planFields = (command: CommandToApply) => command.changes as { planId?: unknown; planOccurrence?: unknown; skus?: unknown };

/** The visit's new products when the change gives it other add-ons; else undefined. */
function newSkus(command: CommandToApply): string[] | undefined {
  const { skus } = planFields(command);
  return Array.isArray(skus) && skus.every((sku) => typeof sku === 'string') ? skus : undefined;
}

/** Our id of a plan change's line item: stable across retries, new with each change. */
export const planLineKey = (commandId: string, sku: string) => `plan:${commandId}:${sku}`;

/** Each product as the deal's line item at its catalogue price, as a booking's push makes them. */
const planDealLines = (command: CommandToApply, skus: readonly string[]): DealLine[] => skus.map((sku) => ({ key: planLineKey(command.id, sku), ...catalogueLine(sku) }));

/**
 * A recurring plan's command on one of its visits (docs/recurring-plans.md): the plan's change
 * carried to the visit (a move of the deal as any, with its new occurrence in
 * `plan_occurrence_date` when the rule gave it another date, and its products and line items
 * when its every-visit add-ons changed), or, for the cleaning a plan was made of, the plan and
 * its date (`recurring_plan_id`), as the visits made carry them from their create, and once
 * applied the customer's "your plan is set" notice.
 */
export const planKind: CommandKind = {
  properties(command: CommandToApply): Properties {
    const { planId, planOccurrence } = planFields(command);
    const skus = newSkus(command);
    return {
      ...(typeof planId === 'string' && { recurring_plan_id: planId }),
      ...(typeof planOccurrence === 'string' && { plan_occurrence_date: planOccurrence }),
      ...(skus && { external_skus: skus.join(';') }),
    };
  },
  async apply({ hubspot }, command, dealHubspotId) {
    const skus = newSkus(command);
    if (skus) await replaceDealLineItems(hubspot, dealHubspotId, planDealLines(command, skus));
  },
  async applied(tx, command, { policy, now }) {
    // The mirror keeps a deal's products from its create; a plan change's own are ours once applied.
    const skus = newSkus(command);
    if (skus) await tx.deal.update({ where: { id: command.deal.id }, data: { skus }, select: { id: true } });
    // The cleaning a plan was made of: the customer hears of the plan once.
    const { planId } = planFields(command);
    if (typeof planId === 'string') await writePlanConfirmed(tx, policy, { dealId: command.deal.id, planId }, now);
  },
  note(command, cleaner) {
    if (typeof planFields(command).planId !== 'string') {
      const skus = newSkus(command);
      const products = skus ? ` Products now: ${skus.map((sku) => catalogueLine(sku).name).join(', ')}.` : '';
      return commandNote({ ...command, kind: 'plan' }, cleaner) + products;
    }
    return `Made the first visit of a recurring plan by ${command.staffEmail} in the staff workspace on ${formatEastern(command.createdAt)}.`;
  },
};
