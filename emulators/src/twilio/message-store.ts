import type { TwilioMessageResource } from './message-resource';

export interface MessageFilter {
  to?: string;
  from?: string;
  /** Either side: a customer's thread (what we sent them and what they replied). */
  phone?: string;
}

// Phone numbers arrive in filters typed by people and through query strings, where an unencoded
// "+" turns into a space; comparing digits only makes "+1 404 555 0100", "14045550100" and
// "+14045550100" the same number.
export function sameNumber(a: string | null, b: string): boolean {
  if (a === null) return false;
  const digits = b.replace(/\D/g, '');
  return digits === '' ? a === b : a.replace(/\D/g, '') === digits;
}

export interface MessageStore {
  add(message: TwilioMessageResource): void;
  /** Newest first, like Twilio's list. */
  list(filter?: MessageFilter): TwilioMessageResource[];
  get(sid: string): TwilioMessageResource | undefined;
  remove(sid: string): boolean;
  clear(): void;
}

export function createMessageStore(): MessageStore {
  // Insertion order is creation order; date_created has one-second resolution, so it cannot sort.
  let messages: TwilioMessageResource[] = [];
  return {
    add(message) {
      messages.push(message);
    },
    list(filter = {}) {
      return messages
        .filter((message) => (filter.to ? sameNumber(message.to, filter.to) : true))
        .filter((message) => (filter.from ? sameNumber(message.from, filter.from) : true))
        .filter((message) => (filter.phone ? sameNumber(message.to, filter.phone) || sameNumber(message.from, filter.phone) : true))
        .reverse();
    },
    get(sid) {
      return messages.find((message) => message.sid === sid);
    },
    remove(sid) {
      const before = messages.length;
      messages = messages.filter((message) => message.sid !== sid);
      return messages.length < before;
    },
    clear() {
      messages = [];
    },
  };
}
