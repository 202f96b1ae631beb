/**
 * How many SMS segments a text takes, as Twilio counts them (its num_segments), and how to keep
 * typed words in the cheaper alphabet. GSM-7 text fits 160 characters in one segment (153 per
 * segment once split: the rest carries the concatenation header); anything outside GSM-7 (an
 * emoji, a curly quote) sends the whole text as UCS-2, 70 code units in one segment, 67 once split.
 * A text of several segments costs as many, and may arrive out of order on older phones.
 */

// The GSM 03.38 basic set (and the extension table, whose characters take two places).
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENDED = new Set('^{}\\[~]|€\f');

export const SEGMENT = {
  gsm7: { single: 160, multi: 153 },
  ucs2: { single: 70, multi: 67 },
} as const;

/** How many characters a text takes in GSM-7, or null when it needs UCS-2 (an emoji, a curly quote). */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.has(char)) length += 1;
    else if (GSM7_EXTENDED.has(char)) length += 2;
    else return null;
  }
  return length;
}

export interface SegmentCount {
  segments: number;
  encoding: 'gsm7' | 'ucs2';
  /** What the text takes: septets in GSM-7, UTF-16 code units in UCS-2 (an emoji takes two). */
  length: number;
  /** How much more fits before the text needs another segment. */
  left: number;
}

/** The segments a text takes, its alphabet, and how much more fits in them. */
export function segmentCount(body: string): SegmentCount {
  const septets = gsm7Length(body);
  const encoding = septets === null ? 'ucs2' : 'gsm7';
  const length = septets ?? body.length;
  const size = SEGMENT[encoding];
  const segments = length <= size.single ? 1 : Math.ceil(length / size.multi);
  const capacity = segments === 1 ? size.single : segments * size.multi;
  return { segments, encoding, length, left: capacity - length };
}

/** num_segments as Twilio computes it. */
export function countSegments(body: string): number {
  return segmentCount(body).segments;
}

/**
 * Characters phones and word processors put in typed text that GSM-7 lacks, and the plain ones
 * that read the same (what Twilio's Smart Encoding does): one curly quote would send the whole
 * text as UCS-2, less than half as long per segment.
 */
const PLAIN: Readonly<Record<string, string>> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u2032': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u2033': '"',
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2010': '-', '\u2011': '-',
  '\u2026': '...', '\u00A0': ' ', '\u2009': ' ', '\u202F': ' ', '\u200B': '',
};
const PLAIN_PATTERN = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'g');

/** Typed words with look-alike characters made plain, so they stay in GSM-7 where they can. */
export function plainSmsText(text: string): string {
  return text.replace(PLAIN_PATTERN, (char) => PLAIN[char] ?? char);
}
