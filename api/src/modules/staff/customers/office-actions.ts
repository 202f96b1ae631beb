import type { DealCommandStatus } from '@app/db/generated/client';
import { personName } from '@app/shared/customer-context';
import { commandActionSchema, commandSummary } from '@app/shared/deal-commands';
import type { CustomerContext } from '@app/shared/entities';
import { cleaningType } from '../common/cleaning-type';

/** How many of a customer's office actions the customer page lists. */
export const OFFICE_ACTIONS_LIMIT = 20;

/** A deal_command row of the customer's, as customers/repository.ts reads it with the contact. */
export interface OfficeActionRow {
  id: string;
  kind: string;
  changes: unknown;
  status: DealCommandStatus;
  reason: string | null;
  staffEmail: string;
  createdAt: Date;
  deal: { id: string; reference: string; serviceType: string | null };
  /** The cleaner the command names (`changes.ownerId`), when it names one we hold. */
  owner: { firstName: string | null; lastName: string | null; email: string | null } | null;
}

/**
 * What the office did to a customer's cleanings from the staff area, newest first: the
 * deal_command rows (docs/staff-actions.md), each with who, when, what and whether HubSpot has
 * it. The same words as the note on the HubSpot deal.
 */
export function officeActions(rows: readonly OfficeActionRow[]): NonNullable<CustomerContext['officeActions']> {
  return rows.map((c) => {
    const action = commandActionSchema.parse(c);
    const ownerId = action.kind === 'request-answer' ? null : action.changes.ownerId;
    return {
      id: c.id,
      dealId: c.deal.id,
      cleaning: `${cleaningType(c.deal.serviceType)} (${c.deal.reference})`,
      summary: commandSummary(action, ownerId ? personName(c.owner) : null),
      staffEmail: c.staffEmail,
      status: c.status,
      reason: c.reason,
      createdAt: c.createdAt.toISOString(),
    };
  });
}
