import { z } from 'zod';

/**
 * Failures a test or `npm run chaos` asks for, each for the next `count` times it could happen:
 * - `refuse-connection`: 421 4.3.2 as the client connects (the provider is down);
 * - `temporary-failure`: 451 4.3.0 after the message's data (the provider could not take it now);
 * - `lost-answer`: the message is taken, then the connection drops before the answer, so the
 *   client cannot know it arrived and sends it again (the same Message-ID: one message, two copies).
 */
export const faultSpecSchema = z.object({
  kind: z.enum(['refuse-connection', 'temporary-failure', 'lost-answer']),
  count: z.number().int().min(1).max(1_000).default(1),
});
export type FaultSpec = z.input<typeof faultSpecSchema>;
export type FaultKind = z.output<typeof faultSpecSchema>['kind'];

export interface FaultController {
  add(spec: FaultSpec): Record<FaultKind, number>;
  /** True when a fault of this kind is due now (and uses it up). */
  take(kind: FaultKind): boolean;
  pending(): Record<FaultKind, number>;
  clear(): void;
}

export function createFaults(): FaultController {
  const left: Record<FaultKind, number> = { 'refuse-connection': 0, 'temporary-failure': 0, 'lost-answer': 0 };
  return {
    add(spec) {
      const { kind, count } = faultSpecSchema.parse(spec);
      left[kind] += count;
      return { ...left };
    },
    take(kind) {
      if (left[kind] === 0) return false;
      left[kind] -= 1;
      return true;
    },
    pending: () => ({ ...left }),
    clear() {
      for (const kind of Object.keys(left) as FaultKind[]) left[kind] = 0;
    },
  };
}
