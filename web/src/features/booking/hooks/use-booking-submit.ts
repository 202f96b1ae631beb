import type { BookingRequest } from '@app/shared/booking-request';
import { BOOKING_CREATING_DELAY_MS, BOOKING_TIDYING_DELAY_MS } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { createIdempotencyKeys } from '../../../lib/idempotency-key';
import { requestBooking, type BookingOutcome } from '../api/request-booking';

/** docs/product.md §4 booking submit: creating (2 s, then the request), tidying (2 s), then the confirmation page. */
export type SubmitPhase = 'idle' | 'creating' | 'tidying';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function useBookingSubmit() {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  // A ref, not state: two clicks in the same frame both see it at once (state would lag a render).
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const [keyFor] = useState(createIdempotencyKeys);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Sends the request once; a second call while one runs is ignored. Resolves with the failure, if any. */
  const submit = useCallback(
    async (request: BookingRequest): Promise<Extract<BookingOutcome, { ok: false }> | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setFailure(null);
      setPhase('creating');
      await pause(BOOKING_CREATING_DELAY_MS);
      // Left the page during the pause: nothing has been sent, so nothing is sent.
      if (!mounted.current) return undefined;
      const outcome = await requestBooking(request, keyFor(JSON.stringify(request)));
      if (!outcome.ok) {
        inFlight.current = false;
        setPhase('idle');
        setFailure(outcome.message);
        return outcome;
      }
      setPhase('tidying');
      await pause(BOOKING_TIDYING_DELAY_MS);
      if (mounted.current) {
        navigate(`${CLIENT_ROUTES.bookingConfirmation}?dealId=${encodeURIComponent(outcome.dealId)}`);
      }
      return undefined;
    },
    [keyFor, navigate],
  );

  return { phase, failure, submit };
}
