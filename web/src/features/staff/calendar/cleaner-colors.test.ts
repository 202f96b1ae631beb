import { describe, expect, it } from 'vitest';
import { CLEANER_PALETTE, UNASSIGNED_COLOR, cleanerColors, colorOf } from './cleaner-colors';

/** WCAG 2 relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('cleaner colours', () => {
  it('carry white text at 4.5:1 or more, and are twelve different colours', () => {
    for (const color of [...CLEANER_PALETTE, UNASSIGNED_COLOR]) expect(contrastWithWhite(color), color).toBeGreaterThanOrEqual(4.5);
    expect(new Set([...CLEANER_PALETTE, UNASSIGNED_COLOR]).size).toBe(13);
  });

  it('give each cleaner one colour that does not depend on the order they are listed in', () => {
    const a = cleanerColors(['c3', 'c1', 'c2']);
    const b = cleanerColors(['c2', 'c3', 'c1', 'c2']);
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
    expect(new Set(a.values()).size).toBe(3);
    expect(colorOf(a, 'c1')).toBe(CLEANER_PALETTE[0]);
  });

  it('paint an unassigned cleaning, or one of a cleaner not in the list, grey', () => {
    const colors = cleanerColors(['c1']);
    expect(colorOf(colors, null)).toBe(UNASSIGNED_COLOR);
    expect(colorOf(colors, 'gone')).toBe(UNASSIGNED_COLOR);
  });
});
