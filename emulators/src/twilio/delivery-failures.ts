import { z } from 'zod';
import { sameNumber } from './message-store';

// What a carrier does to a message after Twilio accepted it: by default every message is
// delivered; these rules make chosen ones end `undelivered` or `failed` with one of Twilio's
// 300xx delivery error codes, as a switched-off phone, a landline or a filtered message would.

/** Descriptions of the delivery error codes (Twilio's error dictionary), for error_message and the inbox. */
export const DELIVERY_ERRORS: Readonly<Record<number, string>> = {
  30001: 'Queue overflow',
  30002: 'Account suspended',
  30003: 'Unreachable destination handset',
  30004: 'Message blocked',
  30005: 'Unknown destination handset',
  30006: 'Landline or unreachable carrier',
  30007: 'Message filtered',
  30008: 'Unknown error',
  30032: 'Toll-Free Number Has Not Been Verified',
  30034: 'US A2P 10DLC - Message from an Unregistered Number',
};

export const deliveryFailureSchema = z
  .strictObject({
    /** Only messages to this number (compared by digits); without it, any message. */
    to: z.string().min(3).max(32).optional(),
    /** How many messages it applies to; default: 1 without `to`, every one to `to` with it. */
    count: z.number().int().min(1).max(1000).optional(),
    status: z.enum(['undelivered', 'failed']).default('undelivered'),
    errorCode: z.number().int().min(30001).max(30999).default(30003),
  })
  .transform((spec) => ({ ...spec, count: spec.count ?? (spec.to ? null : 1) }));

export type DeliveryFailureSpec = z.input<typeof deliveryFailureSchema>;

export interface DeliveryFailureRule {
  to: string | null;
  /** null: every matching message, until the rules are cleared. */
  remaining: number | null;
  status: 'undelivered' | 'failed';
  errorCode: number;
}

export type DeliveryOutcome = { status: 'delivered' } | { status: 'undelivered' | 'failed'; errorCode: number; errorMessage: string };

export interface DeliveryFailures {
  add(spec: DeliveryFailureSpec): DeliveryFailureRule[];
  clear(): void;
  list(): DeliveryFailureRule[];
  /** How a message to `to` ends; uses up one application of the first rule that matches. */
  outcomeFor(to: string): DeliveryOutcome;
}

export function createDeliveryFailures(): DeliveryFailures {
  let rules: DeliveryFailureRule[] = [];
  const list = () => rules.map((rule) => ({ ...rule }));
  return {
    add(input) {
      const spec = deliveryFailureSchema.parse(input);
      rules.push({ to: spec.to ?? null, remaining: spec.count, status: spec.status, errorCode: spec.errorCode });
      return list();
    },
    clear() {
      rules = [];
    },
    list,
    outcomeFor(to) {
      // Rules for this very number come first, so "every text to P fails" wins over "the next one fails".
      const rule = rules.find((r) => r.to !== null && sameNumber(to, r.to)) ?? rules.find((r) => r.to === null);
      if (!rule) return { status: 'delivered' };
      if (rule.remaining !== null) {
        rule.remaining -= 1;
        if (rule.remaining <= 0) rules = rules.filter((r) => r !== rule);
      }
      return { status: rule.status, errorCode: rule.errorCode, errorMessage: DELIVERY_ERRORS[rule.errorCode] ?? 'Unknown error' };
    },
  };
}
