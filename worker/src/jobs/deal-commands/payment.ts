import { formatEastern } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import type { CommandKind } from './command-kind';

/**
 * A paid invoice's move of its deal to Scheduling In Progress (docs/payments.md): a move as any,
 * noted with what was paid and when ("Paid $411.10 on December 3, 2026 at 2:14 PM.").
 */
export const paymentKind: CommandKind = {
  note(command) {
    const { paidCents, paidAt } = command.changes as { paidCents?: unknown; paidAt?: unknown };
    const amount = typeof paidCents === 'number' ? ` ${formatUsd(paidCents)}` : '';
    const when = typeof paidAt === 'string' ? ` on ${formatEastern(new Date(paidAt))}` : '';
    return `Paid${amount}${when}. Moved to Scheduling In Progress, to be scheduled.`;
  },
};
