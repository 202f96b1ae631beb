import type { Db } from '@app/db/client';
import { personName } from '@app/shared/customer-context';
import { commandActionSchema, commandSummary } from '@app/shared/deal-commands';
import type { CustomerContext } from '@app/shared/entities';
import { cleaningType } from '../common/cleaning-type';

/** How many of a customer's office actions the customer page lists. */
export const OFFICE_ACTIONS_LIMIT = 20;

/**
 * What the office did to a customer's cleanings from the staff area, newest first: the
 * deal_command rows (docs/staff-actions.md), each with who, when, what and whether HubSpot has
 * it. The same words as the note on the HubSpot deal.
 */
export async function officeActions(db: Db, contactId: string): Promise<NonNullable<CustomerContext['officeActions']>> {
  const commands = await db.dealCommand.findMany({
    where: { deal: { contactId } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: OFFICE_ACTIONS_LIMIT,
    select: {
      id: true,
      kind: true,
      changes: true,
      status: true,
      reason: true,
      staffEmail: true,
      createdAt: true,
      deal: { select: { id: true, reference: true, serviceType: true } },
    },
  });
  const ownerIds = [...new Set(commands.map((c) => (c.changes as { ownerId?: string | null }).ownerId).filter((id): id is string => Boolean(id)))];
  const owners = new Map(
    (await db.owner.findMany({ where: { id: { in: ownerIds } }, select: { id: true, firstName: true, lastName: true, email: true } })).map((o) => [o.id, personName(o)]),
  );
  return commands.map((c) => {
    const action = commandActionSchema.parse(c);
    const ownerId = action.kind === 'request-answer' ? null : action.changes.ownerId;
    return {
      id: c.id,
      dealId: c.deal.id,
      cleaning: `${cleaningType(c.deal.serviceType)} (${c.deal.reference})`,
      summary: commandSummary(action, ownerId ? (owners.get(ownerId) ?? null) : null),
      staffEmail: c.staffEmail,
      status: c.status,
      reason: c.reason,
      createdAt: c.createdAt.toISOString(),
    };
  });
}
