const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Longest text kept of a note or description: the page shows a summary, HubSpot keeps the rest. */
export const PLAIN_TEXT_MAX = 2_000;

/**
 * HubSpot keeps note bodies and descriptions as HTML ('<div><p>Gate code 4411</p></div>'). The
 * staff page shows them as text: block ends become line breaks, tags go, entities are decoded,
 * blank runs shrink. Never rendered as HTML, so nothing here needs to be safe markup.
 */
export function plainText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) return null;
  return text.length > PLAIN_TEXT_MAX ? `${text.slice(0, PLAIN_TEXT_MAX - 1)}…` : text;
}
