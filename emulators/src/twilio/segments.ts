import { gsm7Length } from '@app/shared/customer-messages';

// num_segments as Twilio computes it: GSM-7 text fits 160 characters in one segment (153 per
// segment once split, the rest carries the concatenation header); anything outside GSM-7 is sent
// as UCS-2 with 70 / 67 code units. The dev inbox shows it, and a login text that suddenly takes
// two segments (an emoji, a curly quote) is worth noticing.

export function countSegments(body: string): number {
  const septets = gsm7Length(body);
  if (septets !== null) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  // UCS-2 counts UTF-16 code units, so an emoji (a surrogate pair) takes two.
  const units = body.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}
