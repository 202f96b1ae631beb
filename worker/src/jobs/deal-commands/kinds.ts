import type { CommandToApply } from '../../crm/deal-command-repository';
import type { CommandKind } from './command-kind';
import { paymentKind } from './payment';
import { planKind } from './plan';
import { quoteKind } from './quote';

/** The kinds of staff command with more to do than a move (a move is the shared job's own). */
const KINDS: Readonly<Record<string, CommandKind>> = {
  quote: quoteKind,
  plan: planKind,
  payment: paymentKind,
};

/** The command's kind, or undefined for a plain move. */
export function commandKindOf(command: Pick<CommandToApply, 'kind'>): CommandKind | undefined {
  return KINDS[command.kind];
}
