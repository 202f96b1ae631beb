import { z } from 'zod';
import { outcomeFor, type DeliveryOutcome } from './webhook-events';

export const mailboxOutcomeSchema = z.strictObject({ outcome: z.enum(['delivered', 'bounced', 'complained', 'deferred']) });

/**
 * What becomes of mail to an address from now on. The local part decides by default
 * (webhook-events.ts); a test or a developer can say otherwise for one address, as when a mailbox
 * that took mail yesterday is closed today and the next message hard-bounces.
 */
export interface Mailboxes {
  outcomeFor(address: string): DeliveryOutcome;
  set(address: string, outcome: DeliveryOutcome): void;
  clear(): void;
}

export function createMailboxes(): Mailboxes {
  const told = new Map<string, DeliveryOutcome>();
  return {
    outcomeFor: (address) => told.get(address.toLowerCase()) ?? outcomeFor(address),
    set: (address, outcome) => void told.set(address.toLowerCase(), outcome),
    clear: () => told.clear(),
  };
}
