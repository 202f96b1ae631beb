// num_segments as Twilio computes it: GSM-7 text fits 160 characters in one segment (153 per
// segment once split, the rest carries the concatenation header); anything outside GSM-7 is sent
// as UCS-2 with 70 / 67 code units. The dev inbox shows it, and a login text that suddenly takes
// two segments (an emoji, a curly quote) is worth noticing.

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
// Extension-table characters cost two septets (escape + character).
const GSM7_EXTENDED = '^{}\\[~]|€\f';

function gsm7Length(body: string): number | null {
  let septets = 0;
  for (const char of body) {
    if (GSM7_BASIC.includes(char)) septets += 1;
    else if (GSM7_EXTENDED.includes(char)) septets += 2;
    else return null;
  }
  return septets;
}

export function countSegments(body: string): number {
  const septets = gsm7Length(body);
  if (septets !== null) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  // UCS-2 counts UTF-16 code units, so an emoji (a surrogate pair) takes two.
  const units = body.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}
