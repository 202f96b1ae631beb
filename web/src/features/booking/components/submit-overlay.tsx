import type { SubmitPhase } from '../hooks/use-booking-submit';

const TEXT: Record<Exclude<SubmitPhase, 'idle'>, string> = {
  creating: 'Creating your request…',
  tidying: 'Tidying up the details…',
};

/**
 * The progress overlay of spec §2/§4 while a booking is submitted. It covers the page so nothing
 * can be clicked twice; the form behind it is made inert so the keyboard cannot reach it either.
 */
export function SubmitOverlay({ phase }: { phase: SubmitPhase }) {
  if (phase === 'idle') return null;
  return (
    <div className="overlay" data-phase={phase}>
      <div className="overlay__panel" role="status">
        <p>{TEXT[phase]}</p>
        <progress aria-label="Submitting your booking request" />
      </div>
    </div>
  );
}
