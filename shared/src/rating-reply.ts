/**
 * Reading a customer's answer to "how did it go?": a rating from 1 to 5 given as a
 * digit ("5", "4/5", "4 out of 5", "5 stars"), a word ("five", "Four stars!"), a keycap emoji
 * (5️⃣) or stars (⭐⭐⭐⭐⭐, ★★★). The whole text must be the rating: "4, but the oven was
 * missed" is a reply for the office to read, not a 4 to count, so anything more is a normal
 * reply and the parser answers null.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;

const WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
const STAR = /[⭐★🌟]/gu;
const KEYCAP = /^([1-5])\uFE0F?\u20E3$/u;

/** The rating a reply gives, or null when the reply is anything else. */
export function parseRating(text: string): number | null {
  const plain = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.!]+$/u, '')
    .trim();
  if (plain === '') return null;

  const keycap = KEYCAP.exec(plain);
  if (keycap) return Number(keycap[1]);

  const stars = plain.replace(/\s+/gu, '');
  if (stars.replace(STAR, '') === '') return inRange(stars.match(STAR)!.length);

  const spoken = /^(\d+|one|two|three|four|five)(?:\s*(?:\/\s*5|out of (?:5|five)))?(?:\s*stars?)?$/u.exec(plain);
  if (!spoken) return null;
  const value = spoken[1]!;
  return inRange(WORDS[value] ?? Number(value));
}

function inRange(n: number): number | null {
  return Number.isInteger(n) && n >= RATING_MIN && n <= RATING_MAX ? n : null;
}
