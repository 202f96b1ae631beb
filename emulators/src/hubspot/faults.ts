import { z } from 'zod';

/**
 * Injected failures. Outages, status answers and timeouts answer before authentication and rate
 * limiting, like trouble in front of HubSpot; batch-input failures act inside a batch write.
 */
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
  /**
   * The next `count` batch writes (create, update, upsert) that carry an input whose property
   * `property` has one of `values` answer 207: those inputs fail with this error and are not
   * applied, the others are. `objectType` narrows it to one type ('deals', ...).
   */
  z.object({
    type: z.literal('batch-input-failures'),
    count: z.number().int().min(1).max(10_000),
    property: z.string().min(1),
    values: z.array(z.string()).min(1),
    objectType: z.string().min(1).optional(),
    category: z.string().min(1).default('VALIDATION_ERROR'),
    message: z.string().min(1).default('Injected failure of this input by the HubSpot emulator'),
  }),
]);
export type FaultInput = z.input<typeof faultSchema>;

export type PendingFault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number | undefined; body: 'json' | 'html' | 'empty' }
  | { kind: 'timeout'; timeoutMs: number };

export interface BatchInputFailure {
  property: string;
  values: string[];
  objectType?: string | undefined;
  category: string;
  message: string;
  remaining: number;
}

/** An input of a batch write as the fault sees it: its property values (and its idProperty value). */
export type BatchInputValues = Record<string, string | null | undefined>;

export interface FaultState {
  outageUntil: number | null;
  pending: Array<PendingFault & { remaining: number }>;
  batchInputFailures: BatchInputFailure[];
}

export class Faults {
  private outageUntil = 0;
  private pending: Array<PendingFault & { remaining: number }> = [];
  private batchInputFailures: BatchInputFailure[] = [];

  add(input: FaultInput): void {
    const fault = faultSchema.parse(input);
    if (fault.type === 'batch-input-failures') {
      const { type: _type, count, ...rule } = fault;
      this.batchInputFailures.push({ ...rule, remaining: count });
    } else if (fault.type === 'outage') {
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
    this.batchInputFailures = [];
  }

  /**
   * For a batch write of `type`: the indexes of the inputs an injected failure makes fail, with
   * the error to answer for them. Uses up one count of the first rule that matches an input.
   */
  takeBatchInputFailure(type: string, inputs: readonly BatchInputValues[]): { failing: Set<number>; category: string; message: string } | undefined {
    for (const rule of this.batchInputFailures) {
      if (rule.objectType !== undefined && rule.objectType !== type) continue;
      const failing = new Set<number>();
      inputs.forEach((values, i) => {
        const value = values[rule.property];
        if (value != null && rule.values.includes(value)) failing.add(i);
      });
      if (failing.size === 0) continue;
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.batchInputFailures = this.batchInputFailures.filter((r) => r !== rule);
      return { failing, category: rule.category, message: rule.message };
    }
    return undefined;
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
    return {
      outageUntil: left > 0 ? this.outageUntil : null,
      pending: this.pending.map((p) => ({ ...p })),
      batchInputFailures: this.batchInputFailures.map((r) => ({ ...r, values: [...r.values] })),
    };
  }
}
