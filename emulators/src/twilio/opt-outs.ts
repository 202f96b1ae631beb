/**
 * Twilio's default keyword handling on long codes (its "SMS STOP filtering"), kept apart from our
 * product's copy on purpose: the emulator is the contract the api's webhook is tested against. A
 * reply that is only one of these words, in any case, is a keyword; Twilio answers it itself,
 * then passes the message on to the number's webhook.
 */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

export type Keyword = 'stop' | 'start' | 'help';

export function keywordOf(body: string): Keyword | null {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  if (HELP_WORDS.has(word)) return 'help';
  return null;
}

/** Twilio's standard answers to the keywords. */
export const KEYWORD_REPLIES: Readonly<Record<Keyword, string>> = {
  stop: 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
  start: 'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
  help: 'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
};

/**
 * The phones that replied STOP. Twilio keeps the block per sender (or per Messaging Service);
 * the product sends from one, so the emulator keeps one list per account. A send to a phone on
 * it is refused with 21610 until the phone replies START.
 */
export interface OptOutList {
  has(phone: string): boolean;
  add(phone: string): void;
  remove(phone: string): void;
  list(): string[];
  clear(): void;
}

export function createOptOutList(): OptOutList {
  const phones = new Set<string>();
  return {
    has: (phone) => phones.has(phone),
    add: (phone) => void phones.add(phone),
    remove: (phone) => void phones.delete(phone),
    list: () => [...phones],
    clear: () => phones.clear(),
  };
}
