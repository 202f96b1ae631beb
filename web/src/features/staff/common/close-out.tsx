import { CLOSE_OUT_LABELS, CLOSE_OUT_OUTCOMES, type CloseOutOutcome } from '@app/shared/close-out';
import type { SeenDeal } from './seen-facts';
import { useId, useState, type FormEvent } from 'react';
import { useDealCommand } from './move-deal';
import { closeOutDeal } from './schedule-deal';
import { failureText } from './staff-errors';
import { DealFormActions } from './deal-form-actions';

/** What the office confirms for each outcome. */
const CONFIRM: Record<CloseOutOutcome, string> = {
  done: 'Mark this cleaning done',
  'no-show': 'Mark a no-show: nobody let the cleaner in',
  'canceled-on-the-day': 'Mark canceled on the day',
};

/**
 * Closing out a scheduled cleaning from its day on (docs/staff-actions.md): done, no-show or
 * canceled on the day, with an optional note. Offered on the deal and on the today board.
 */
export function CloseOut(props: {
  deal: { id: string; closeOut: { allowed: boolean; reason: string | null } | null };
  /** The version and the watched fields the page showed (seenOf). */
  seen: SeenDeal;
  compact?: boolean;
}) {
  const { deal, seen, compact = false } = props;
  const id = useId();
  const mutation = useDealCommand(closeOutDeal);
  const [chosen, setChosen] = useState<CloseOutOutcome | null>(null);
  const [reason, setReason] = useState('');
  if (!deal.closeOut) return null;
  if (!deal.closeOut.allowed) return compact ? null : <p className="status-note">{deal.closeOut.reason}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    mutation.mutate(
      { dealId: deal.id, outcome: chosen, ...seen, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      { onSuccess: () => setChosen(null) },
    );
  };

  return (
    // A group, not a landmark: the today board shows one per cleaning of the day.
    <div role="group" className="close-out" aria-label="Close out the cleaning">
      <p className="deal-moves__choices">
        {CLOSE_OUT_OUTCOMES.map((outcome) => (
          <button key={outcome} type="button" className="button button--ghost" aria-pressed={outcome === chosen} onClick={() => setChosen(outcome)}>
            {CLOSE_OUT_LABELS[outcome]}
          </button>
        ))}
      </p>
      {chosen ? (
        <form className="deal-move-form" onSubmit={submit} aria-label={CONFIRM[chosen]}>
          {chosen === 'done' ? null : (
            <p>
              <label htmlFor={`${id}-reason`}>Note (optional)</label>
              <input id={`${id}-reason`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            </p>
          )}
          <DealFormActions submit={CONFIRM[chosen]} disabled={mutation.isPending} onBack={() => setChosen(null)} />
        </form>
      ) : null}
      {mutation.isError ? (
        <p className="alert" role="alert">
          {failureText(mutation.error)}
        </p>
      ) : null}
    </div>
  );
}
