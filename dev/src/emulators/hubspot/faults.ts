import { z } from 'zod';

/** Injected failures. A fault answers before authentication and rate limiting, like an outage in front of HubSpot. */
export const faultSchema = z.union([
  z.object({ type: z.literal('outage'), seconds: z.number().positive().max(3600) }),
  z.object({
    type: z.literal('next'),
    count: z.number().int().min(1).max(10_000),
    status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503), z.literal(400)]),
    retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
    /** 'html' answers like a gateway page in front of HubSpot; 'empty' with no body and no content type. */
    body: z.enum(['json', 'html', 'empty']).default('json'),
  }),
  z.object({ type: z.literal('next'), count: z.number().int().min(1).max(10_000), timeoutMs: z.number().int().min(1).max(600_000) }),
]);
export type FaultInput = z.input<typeof faultSchema>;

export type PendingFault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number | undefined; body: 'json' | 'html' | 'empty' }
  | { kind: 'timeout'; timeoutMs: number };

export interface FaultState {
  outageUntil: number | null;
  pending: Array<PendingFault & { remaining: number }>;
}

export class Faults {
  private outageUntil = 0;
  private pending: Array<PendingFault & { remaining: number }> = [];

  add(input: FaultInput): void {
    const fault = faultSchema.parse(input);
    if (fault.type === 'outage') {
      this.outageUntil = Date.now() + fault.seconds * 1000;
    } else if ('timeoutMs' in fault) {
      this.pending.push({ kind: 'timeout', timeoutMs: fault.timeoutMs, remaining: fault.count });
    } else {
      this.pending.push({
        kind: 'status',
        status: fault.status,
        retryAfterSeconds: fault.retryAfterSeconds,
        body: fault.body,
        remaining: fault.count,
      });
    }
  }

  clear(): void {
    this.outageUntil = 0;
    this.pending = [];
  }

  /** Milliseconds of outage left, 0 when none. */
  outageLeftMs(now = Date.now()): number {
    return Math.max(0, this.outageUntil - now);
  }

  /** The fault for this call, if any; queued faults are used up in the order they were added. */
  take(): PendingFault | undefined {
    const head = this.pending[0];
    if (!head) return undefined;
    head.remaining -= 1;
    if (head.remaining <= 0) this.pending.shift();
    const { remaining: _remaining, ...fault } = head;
    return fault;
  }

  state(): FaultState {
    const left = this.outageLeftMs();
    return { outageUntil: left > 0 ? this.outageUntil : null, pending: this.pending.map((p) => ({ ...p })) };
  }
}
