import { randomUUID } from 'node:crypto';
import type { Unsubscribe } from './smtp-rules';
import type { DeliveryOutcome } from './webhook-events';

/** A message as the emulator's inbox holds it: what the recipient's mail program would show. */
export interface StoredMail {
  /** The emulator's own id (the inbox page's link). */
  id: string;
  /** The Message-ID header, angle brackets and all. */
  messageId: string;
  /** The envelope: who the SMTP client said it was from, and every recipient it gave. */
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Header names lower-cased; a repeated header keeps its first value. */
  headers: Record<string, string>;
  /** The message's List-Unsubscribe, as a mailbox reads it; null without one. */
  unsubscribe: Unsubscribe | null;
  receivedAt: string;
  /**
   * How many times this Message-ID arrived. A mailbox shows a repeated Message-ID once (Gmail
   * drops the copy), so a resend after a lost answer is one message with copies 2.
   */
  copies: number;
  /** What the emulator reports for each envelope recipient, fixed when the message arrived (webhook-events.ts, mailboxes.ts). */
  outcomes: Record<string, DeliveryOutcome>;
}

export interface MailStore {
  add(mail: Omit<StoredMail, 'id' | 'receivedAt' | 'copies'>): StoredMail;
  /** Newest first; `to` matches any recipient, case-insensitively. */
  list(filter?: { to?: string }): StoredMail[];
  get(id: string): StoredMail | undefined;
  clear(): void;
}

/** The most messages kept: older ones drop off, so a long `npm run dev` never fills the memory. */
const MAX_MESSAGES = 2_000;

export function createMailStore(): MailStore {
  const byId = new Map<string, StoredMail>();
  const byMessageId = new Map<string, StoredMail>();
  return {
    add(mail) {
      const known = byMessageId.get(mail.messageId);
      if (known) {
        known.copies += 1;
        return known;
      }
      const stored: StoredMail = { ...mail, id: randomUUID(), receivedAt: new Date().toISOString(), copies: 1 };
      byId.set(stored.id, stored);
      byMessageId.set(stored.messageId, stored);
      if (byId.size > MAX_MESSAGES) {
        const oldest = byId.values().next().value!;
        byId.delete(oldest.id);
        byMessageId.delete(oldest.messageId);
      }
      return stored;
    },
    list(filter = {}) {
      const to = filter.to?.toLowerCase();
      const all = [...byId.values()].reverse();
      return to ? all.filter((mail) => mail.envelopeTo.some((address) => address.toLowerCase() === to)) : all;
    },
    get: (id) => byId.get(id),
    clear() {
      byId.clear();
      byMessageId.clear();
    },
  };
}
