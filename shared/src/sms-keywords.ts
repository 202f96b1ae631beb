/**
 * The reply keywords carriers and Twilio act on (Twilio's default opt-out handling): a reply that
 * is only one of these words, in any case, with spaces around it ignored. "Stop texting me" is
 * not a keyword.
 */
const KEYWORDS = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  start: ['START', 'YES', 'UNSTOP'],
  help: ['HELP', 'INFO'],
} as const;

export type SmsKeyword = keyof typeof KEYWORDS;

export function smsKeyword(body: string): SmsKeyword | null {
  const word = body.trim().toUpperCase();
  for (const [keyword, words] of Object.entries(KEYWORDS) as [SmsKeyword, readonly string[]][]) {
    if (words.includes(word)) return keyword;
  }
  return null;
}
