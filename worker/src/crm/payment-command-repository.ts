import { randomUUID } from 'node:crypto';
import type { Prisma } from '@app/db/generated/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import type { DealFacts } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';

/** Who a paid invoice's move is recorded as (the deal's history, the staff pages). */
export const PAYMENT_ACTOR = 'HubSpot payments';

/** The deal as the mirror holds it when its invoice is seen paid. */
export interface PaidDeal {
  id: string;
  stageId: string;
  scheduledAt: Date | null;
  ownerId: string | null;
  amountCents: number | null;
  durationMinutes: number | null;
  hubspotUpdatedAt: Date | null;
}

/**
 * A paid invoice moves the work on (docs/payments.md): a deal still in Invoice Payment Needed gets
 * a `payment` command to Scheduling In Progress, written in the mirror's transaction that sees
 * the invoice paid, with its crm.apply-deal-command event; applied like a staff move (checked
 * against HubSpot's deal as the mirror read it), its note says what was paid and when. A deal in
 * another stage is left where it is (the office sees the paid invoice on it), as is one with a
 * change already on its way. True when the command was written.
 */
export async function writePaymentMove(tx: Prisma.TransactionClient, deal: PaidDeal, paid: { cents: number | null; at: Date }): Promise<boolean> {
  if (deal.stageId !== STAGE.INVOICE_PAYMENT_NEEDED) return false;
  if ((await tx.dealCommand.count({ where: { dealId: deal.id, status: 'pending' } })) > 0) return false;
  const seen: DealFacts = {
    stageId: deal.stageId,
    scheduledAt: deal.scheduledAt?.toISOString() ?? null,
    ownerId: deal.ownerId,
    amountCents: deal.amountCents,
    durationMinutes: deal.durationMinutes,
  };
  const id = randomUUID();
  await tx.dealCommand.create({
    data: {
      id,
      dealId: deal.id,
      kind: 'payment',
      changes: { stageId: STAGE.SCHEDULING_IN_PROGRESS, paidCents: paid.cents, paidAt: paid.at.toISOString() },
      seen: { ...seen },
      seenModifiedAt: deal.hubspotUpdatedAt,
      staffEmail: PAYMENT_ACTOR,
    },
    select: { id: true },
  });
  await tx.outboxEvent.create({ data: outboxEvent('crm.apply-deal-command', { commandId: id }, { aggregateId: id }) });
  return true;
}
