import type { DealCommandView } from '@app/shared/deal-commands';
import { CLOSE_OUT_LABELS } from '@app/shared/close-out';
import { dealStageLabel, STAGE } from '@app/shared/deal-stages';
import { formatUsd } from '@app/shared/money';
import type { DealDetails } from '@app/shared/staff-board';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/form/field';
import { ChangedFacts } from './changed-facts';
import { CloseOut } from './close-out';
import { easternFromIso } from './format-eastern';
import { useMoveDeal } from './move-deal';
import { seenOf } from './seen-facts';
import { ScheduleForm } from './schedule-form';
import { failureText } from './staff-errors';
import { DealFormActions } from './deal-form-actions';
import './staff-forms.css';

type Move = DealDetails['moves'][number];
/** The commands this panel shows the fate of; an answer to a request shows its own (request-answer.tsx). */
type StageCommand = Exclude<DealCommandView, { kind: 'request-answer' }>;

/** Stages whose move asks for an optional reason (it ends the deal). */
const ASKS_REASON: ReadonlySet<string> = new Set([STAGE.CANCELED, STAGE.QUOTE_CANCELED]);

/** What a command does, in the words of its status line: 'Moving to Canceled', 'Scheduling for …'. */
function commandTitle(command: StageCommand): { doing: string; notDone: string } {
  const stage = dealStageLabel(command.changes.stageId) ?? command.changes.stageId;
  if (command.kind === 'schedule' && command.changes.scheduledAt) {
    const when = easternFromIso(command.changes.scheduledAt);
    return { doing: `Scheduling for ${when}`, notDone: `Not scheduled for ${when}` };
  }
  if (command.kind === 'quote') {
    const total = formatUsd(command.changes.quote.totalCents);
    return { doing: `Sending the quote of ${total}`, notDone: `Quote of ${total} not sent` };
  }
  if (command.kind === 'close-out' && command.changes.outcome) {
    const outcome = CLOSE_OUT_LABELS[command.changes.outcome];
    return { doing: `Closing out as ${outcome}`, notDone: `Not closed out as ${outcome}` };
  }
  return { doing: `Moving to ${stage}`, notDone: `Not moved to ${stage}` };
}

function LatestCommand({ command }: { command: StageCommand }) {
  const title = commandTitle(command);
  if (command.status === 'pending') {
    return (
      <p className="status-note" role="status">
        {title.doing}: waiting for HubSpot.
      </p>
    );
  }
  if (command.status === 'conflict') {
    return (
      <div className="alert" role="alert">
        <p>{title.notDone}: HubSpot changed this cleaning after you opened it.</p>
        <ChangedFacts conflict={command.conflict ?? []} />
        <p>What you see here is HubSpot&apos;s version now. Redo it below if it still applies.</p>
      </div>
    );
  }
  if (command.status === 'failed') {
    return (
      <p className="alert" role="alert">
        {title.notDone}: {command.error ?? 'HubSpot refused the change.'}
      </p>
    );
  }
  return null;
}

/**
 * A plain move: nothing to give but, where it ends the deal, an optional reason. Stages that need
 * more are entered through their own forms (the transitions table's ENTERED_BY_ACTION, and
 * Schedule for Cleaning Scheduled).
 */
function MoveForm({ deal, move, onDone }: { deal: DealDetails; move: Move; onDone: () => void }) {
  const mutation = useMoveDeal();
  const [reason, setReason] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ dealId: deal.id, stageId: move.stageId, ...seenOf(deal), ...(reason.trim() ? { reason: reason.trim() } : {}) }, { onSuccess: onDone });
  };

  return (
    <form className="deal-move-form staff-form" onSubmit={submit} aria-label={`Move to ${move.label}`}>
      {ASKS_REASON.has(move.stageId) ? (
        <Field label="Reason (optional)">{(control) => <input {...control} name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}</Field>
      ) : null}
      <DealFormActions
        submit={`Move to ${move.label}`}
        disabled={mutation.isPending}
        back={ASKS_REASON.has(move.stageId) ? 'Keep as is' : 'Close'}
        onBack={onDone}
        error={mutation.isError ? failureText(mutation.error) : null}
      />
    </form>
  );
}

/**
 * A deal's moves along the pipeline (docs/staff-actions.md): only those the transitions table
 * allows from its stage, each asking for what its stage needs; the latest command's fate (on
 * its way, refused because HubSpot changed the deal, failed) above them.
 */
export function DealMoves({ deal }: { deal: DealDetails }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const latest = deal.commands[0];
  // The api offers no plain move to a stage with its own action (a quote, a close-out); scheduling
  // is offered as a move but made through its form, with its warnings.
  const moves = deal.moves.filter((m) => m.stageId !== STAGE.CLEANING_SCHEDULED);
  const move = moves.find((m) => m.stageId === chosen);
  const scheduled = deal.stageId === STAGE.CLEANING_SCHEDULED;
  return (
    <section className="deal-moves" aria-label="Move along the pipeline">
      <div aria-live="polite">{latest && latest.kind !== 'request-answer' ? <LatestCommand command={latest} /> : null}</div>
      <CloseOut key={deal.version ?? ''} deal={deal} seen={seenOf(deal)} />
      {moves.length > 0 || deal.canSchedule ? (
        <p className="deal-moves__choices stage-choices">
          {deal.canSchedule ? (
            <button type="button" className="button button--ghost" aria-pressed={chosen === SCHEDULE} onClick={() => setChosen(SCHEDULE)}>
              {scheduled ? 'Change date or cleaner' : 'Schedule'}
            </button>
          ) : null}
          {moves.length > 0 ? (
            // Stage moves look like steps (chips with a dot), never like a form's Close or Keep as is.
            <span className="stage-choices__label" aria-hidden="true">
              Move to
            </span>
          ) : null}
          {moves.map((m) => (
            <button key={m.stageId} type="button" className="stage-choice" aria-pressed={m.stageId === chosen} onClick={() => setChosen(m.stageId)}>
              {m.label}
            </button>
          ))}
        </p>
      ) : null}
      {chosen === SCHEDULE && deal.canSchedule ? <ScheduleForm deal={deal} onDone={() => setChosen(null)} /> : null}
      {move ? <MoveForm key={move.stageId} deal={deal} move={move} onDone={() => setChosen(null)} /> : null}
    </section>
  );
}

const SCHEDULE = 'schedule';
