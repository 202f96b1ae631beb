import type { SubmitPhase } from '../hooks/use-booking-submit';

const TEXT: Record<Exclude<SubmitPhase, 'idle'>, string> = {
  creating: 'Creating your request…',
  tidying: 'Tidying up the details…',
};

/**
 * The progress overlay of docs/product.md §2/§4 while a booking is submitted. It covers the page so nothing
 * can be clicked twice; the form behind it is made inert so the keyboard cannot reach it either.
 * The status region is always on the page (empty while idle): screen readers announce what
 * appears in a region they already know, not a region that arrives with its text.
 */
export function SubmitOverlay({ phase }: { phase: SubmitPhase }) {
  const active = phase !== 'idle';
  return (
    <div role="status" className={active ? 'overlay' : undefined} data-phase={active ? phase : undefined}>
      {active ? (
        <div className="overlay__panel">
          <p>{TEXT[phase]}</p>
          <progress aria-label="Submitting your booking request" />
        </div>
      ) : null}
    </div>
  );
}
