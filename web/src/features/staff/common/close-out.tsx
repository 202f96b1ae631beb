import { CLOSE_OUT_LABELS, CLOSE_OUT_OUTCOMES, type CloseOutOutcome } from '@app/shared/close-out';
import { formatEasternDay } from '@app/shared/eastern-time';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Field } from '../../../components/form/field';
import type { SeenDeal } from './seen-facts';
import { DealFormActions } from './deal-form-actions';
import { useHeldCloseOut, type HeldPhase } from './held-close-out';
import { UNDO_SECONDS } from './undo-window';
import './staff-forms.css';

/** What the office confirms for each outcome. */
const CONFIRM: Record<CloseOutOutcome, string> = {
  done: 'Mark this cleaning done',
  'no-show': 'Mark a no-show: nobody let the cleaner in',
  'canceled-on-the-day': 'Mark canceled on the day',
};

/** What was done, in the confirmation: 'Marked done: Avery Brooks, Tue, Dec 8'. */
const DID: Record<CloseOutOutcome, string> = {
  done: 'Marked done',
  'no-show': 'Marked a no-show',
  'canceled-on-the-day': 'Marked canceled on the day',
};

/** Which cleaning, as the confirmation names it: 'Avery Brooks, Tue, Dec 8'. */
export function cleaningNamed(deal: { customer?: { name: string } | null; scheduledAt?: string | null }): string {
  return [deal.customer?.name ?? 'The cleaning', deal.scheduledAt ? formatEasternDay(new Date(deal.scheduledAt)) : null].filter(Boolean).join(', ');
}

export const closedOutText = (outcome: CloseOutOutcome, which: string): string => `${DID[outcome]}: ${which}`;

/** The confirmation, the undo while the window lasts, and what became of the command. */
function HeldStatus({ phase, onUndo, undoRef, elsewhere }: { phase: HeldPhase; onUndo: () => void; undoRef: RefObject<HTMLButtonElement | null>; elsewhere: boolean }) {
  switch (phase.kind) {
    case 'idle':
      return null;
    case 'held':
      return (
        <p className="status-note close-out__held" role="status">
          <span>
            {phase.message}. <span className="close-out__when">Sent to HubSpot in {UNDO_SECONDS} seconds.</span>
          </span>{' '}
          <button ref={undoRef} type="button" className="button button--small close-out__undo" onClick={onUndo}>
            Undo
          </button>
        </p>
      );
    case 'sending':
      return (
        <p className="status-note" role="status">
          {phase.message}. Sending to HubSpot…
        </p>
      );
    case 'sent':
      // Said once: where the page keeps it after the card has gone (the board), else here.
      if (elsewhere) return null;
      return (
        <p className="status-note" role="status">
          {phase.message}. Sent to HubSpot.
        </p>
      );
    case 'undone':
      return (
        <p className="status-note close-out__undone" role="status">
          Undone: {phase.which} stays open.
        </p>
      );
    case 'failed':
      return (
        <p className="alert" role="alert">
          Not closed out: {phase.error}
        </p>
      );
  }
}

/**
 * Closing out a scheduled cleaning from its day on (docs/staff-actions.md): done, no-show or
 * canceled on the day, with an optional note. Offered on the deal and on the today board. The
 * confirmation says what was done, and the command waits a few seconds for an Undo before it
 * is sent (held-close-out.ts).
 */
export function CloseOut(props: {
  deal: { id: string; closeOut: { allowed: boolean; reason: string | null } | null; customer?: { name: string } | null; scheduledAt?: string | null };
  /** The version and the watched fields the page showed (seenOf). */
  seen: SeenDeal;
  compact?: boolean;
  /** Told once the command is recorded (the board keeps the confirmation after the card has gone). */
  onSent?: (message: string) => void;
}) {
  const { deal, seen, compact = false, onSent } = props;
  const held = useHeldCloseOut(deal.id, onSent);
  const [chosen, setChosen] = useState<CloseOutOutcome | null>(null);
  const [reason, setReason] = useState('');
  const undoRef = useRef<HTMLButtonElement>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const { kind } = held.phase;

  // The focus follows what replaced the button pressed: the Undo, then the choices again (or the status).
  useEffect(() => {
    if (kind === 'held') undoRef.current?.focus();
    else if (kind === 'undone' || kind === 'failed') firstChoice.current?.focus();
    else if (kind === 'sending' && (document.activeElement === null || document.activeElement === document.body)) statusRef.current?.focus();
  }, [kind]);

  if (!deal.closeOut) return null;
  if (!deal.closeOut.allowed) return compact ? null : <p className="status-note">{deal.closeOut.reason}</p>;
  const offered = kind === 'idle' || kind === 'undone' || kind === 'failed';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const which = cleaningNamed(deal);
    held.hold({ outcome: chosen, ...seen, ...(chosen !== 'done' && reason.trim() ? { reason: reason.trim() } : {}) }, closedOutText(chosen, which), which);
    setChosen(null);
    setReason('');
  };

  return (
    // A group, not a landmark: the today board shows one per cleaning of the day.
    <div role="group" className="close-out" aria-label="Close out the cleaning">
      <div aria-live="polite" ref={statusRef} tabIndex={-1} className="close-out__status">
        <HeldStatus phase={held.phase} onUndo={held.undo} undoRef={undoRef} elsewhere={onSent !== undefined} />
      </div>
      {offered ? (
        <p className="stage-choices">
          <span className="stage-choices__label" aria-hidden="true">
            Close out as
          </span>
          {CLOSE_OUT_OUTCOMES.map((outcome, i) => (
            <button
              key={outcome}
              ref={i === 0 ? firstChoice : undefined}
              type="button"
              className="stage-choice"
              aria-pressed={outcome === chosen}
              onClick={() => setChosen(outcome)}
            >
              {CLOSE_OUT_LABELS[outcome]}
            </button>
          ))}
        </p>
      ) : null}
      {chosen && offered ? (
        <form className="deal-move-form staff-form" onSubmit={submit} aria-label={CONFIRM[chosen]}>
          {chosen === 'done' ? null : (
            <Field label="Note (optional)">{(control) => <input {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}</Field>
          )}
          <DealFormActions submit={CONFIRM[chosen]} disabled={false} back="Keep as is" onBack={() => setChosen(null)} />
        </form>
      ) : null}
    </div>
  );
}
