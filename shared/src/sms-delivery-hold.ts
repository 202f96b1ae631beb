/**
 * Twilio delivery errors that say a phone cannot take our texts (docs/customer-messages.md):
 * after one, only login codes go to the phone until it is known to take texts again (a text to it
 * delivered, or a portal sign-in with it). Other failures (30003 switched off, 30005 unknown,
 * ...) pass or are the carrier's to retry, and do not hold a phone back.
 */
export const HOLDING_ERRORS = {
  30006: 'Twilio reported a landline or an unreachable carrier (30006)',
  30007: 'carriers filtered a text to it as unwanted (30007)',
} as const;

export type HoldingErrorCode = keyof typeof HOLDING_ERRORS;

export function isHoldingError(code: number | null | undefined): code is HoldingErrorCode {
  return code === 30006 || code === 30007;
}

/** The staff-facing reason on a text not sent because its phone is held back. */
export const HELD_TEXT_REASON = 'Not sent: texts to this phone failed (Twilio 30006 or 30007); only login codes go until one is delivered or the customer signs in.';
