import { z } from 'zod';
import { defaultFaultError, twilioError, type TwilioError } from './twilio-errors';

// The faults the worker has to survive: a Twilio outage, a burst of errors (rate limiting, 5xx,
// or a 400 to prove permanent failures are not retried), and a request that hangs until the
// connection dies, which only the client's own timeout can end.

const count = z.number().int().min(1).max(1000).default(1);

export const faultSchema = z.union([
  z.strictObject({ type: z.literal('outage'), seconds: z.number().positive().max(24 * 3600) }),
  z.strictObject({
    type: z.literal('next'),
    count,
    status: z.union([z.literal(400), z.literal(429), z.literal(500), z.literal(503)]),
    code: z.number().int().positive().optional(),
  }),
  z.strictObject({ type: z.literal('next'), count, timeoutMs: z.number().int().positive().max(120_000) }),
]);

export type FaultSpec = z.input<typeof faultSchema>;

type QueuedFault = { remaining: number } & ({ error: TwilioError } | { timeoutMs: number });

export type FaultAction =
  | { kind: 'respond'; fault: 'outage' | 'next'; error: TwilioError }
  | { kind: 'hang'; fault: 'timeout'; timeoutMs: number };

export interface FaultState {
  outageUntil: string | null;
  next: Array<{ remaining: number; status?: number; code?: number; timeoutMs?: number }>;
}

export interface FaultController {
  add(spec: FaultSpec): FaultState;
  clear(): void;
  state(): FaultState;
  /** The fault for the request now arriving, if any; consumes one use of a queued fault. */
  take(): FaultAction | null;
}

export function createFaultController(now: () => number = Date.now): FaultController {
  let outageUntil = 0;
  // Queued faults apply in the order they were added, so "one timeout, then two 500s" is possible.
  let queue: QueuedFault[] = [];

  const state = (): FaultState => ({
    outageUntil: outageUntil > now() ? new Date(outageUntil).toISOString() : null,
    next: queue.map((fault) =>
      'timeoutMs' in fault
        ? { remaining: fault.remaining, timeoutMs: fault.timeoutMs }
        : { remaining: fault.remaining, status: fault.error.status, code: fault.error.body.code },
    ),
  });

  return {
    add(input) {
      const spec = faultSchema.parse(input);
      if (spec.type === 'outage') {
        outageUntil = now() + spec.seconds * 1000;
      } else if ('timeoutMs' in spec) {
        queue.push({ remaining: spec.count, timeoutMs: spec.timeoutMs });
      } else {
        const fallback = defaultFaultError(spec.status);
        const error = spec.code === undefined ? fallback : twilioError(spec.status, spec.code, fallback.body.message);
        queue.push({ remaining: spec.count, error });
      }
      return state();
    },
    clear() {
      outageUntil = 0;
      queue = [];
    },
    state,
    take() {
      // An outage answers everything and leaves the queued faults for after it.
      if (outageUntil > now()) return { kind: 'respond', fault: 'outage', error: defaultFaultError(503) };
      const head = queue[0];
      if (!head) return null;
      head.remaining -= 1;
      if (head.remaining <= 0) queue.shift();
      return 'timeoutMs' in head
        ? { kind: 'hang', fault: 'timeout', timeoutMs: head.timeoutMs }
        : { kind: 'respond', fault: 'next', error: head.error };
    },
  };
}
