import { commandSummary, type StageCommandKind } from '@app/shared/deal-commands';
import { formatEastern } from '@app/shared/eastern-time';
import type { CommandToApply } from '../../crm/deal-command-repository';

/** The deal's record of the action: what, by whom, when (Eastern Time), and why when given. */
export function commandNote(command: Pick<CommandToApply, 'changes' | 'staffEmail' | 'createdAt' | 'reason'> & { kind: StageCommandKind }, cleaner: string | null): string {
  const why = command.reason ? ` Reason: ${command.reason}` : '';
  return `${commandSummary(command, cleaner)} by ${command.staffEmail} in the staff workspace on ${formatEastern(command.createdAt)}.${why}`;
}
