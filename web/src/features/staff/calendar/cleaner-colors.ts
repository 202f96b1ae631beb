/**
 * One colour per cleaner on the staff calendar. Each is dark enough for white text at the 4.5:1
 * contrast of WCAG AA (cleaner-colors.test.ts measures it), and twelve of them are told apart at a
 * glance: a twelve-cleaner company never sees two cleaners share a colour.
 */
export const CLEANER_PALETTE = [
  '#1d4ed8',
  '#b91c1c',
  '#047857',
  '#7e22ce',
  '#c2410c',
  '#0f766e',
  '#be185d',
  '#4d7c0f',
  '#a16207',
  '#4338ca',
  '#0369a1',
  '#9f1239',
] as const;

/** Cleanings nobody is assigned to: grey, and drawn with a dashed border by the calendar's CSS. */
export const UNASSIGNED_COLOR = '#4b5563';

/**
 * Colour of each cleaner by their place in the list of all cleaners (active or not) sorted by id,
 * so a cleaner keeps their colour whatever the visible week holds or the filter shows.
 */
export function cleanerColors(cleanerIds: readonly string[]): ReadonlyMap<string, string> {
  const sorted = [...new Set(cleanerIds)].sort();
  return new Map(sorted.map((id, i) => [id, CLEANER_PALETTE[i % CLEANER_PALETTE.length]!]));
}

export function colorOf(colors: ReadonlyMap<string, string>, cleanerId: string | null | undefined): string {
  return (cleanerId ? colors.get(cleanerId) : undefined) ?? UNASSIGNED_COLOR;
}
