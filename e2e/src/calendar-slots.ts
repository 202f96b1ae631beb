import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where an element is drawn; it must be. */
export async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element is not rendered');
  return b;
}

/** The entry sits in the time grid's column of `date`, its top on the row of `time` ('10:00:00'). */
export async function expectInSlot(page: Page, entry: Locator, date: string, time: string): Promise<void> {
  const column = page.getByRole('cell').and(page.locator(`[data-date="${date}"]`)).filter({ has: entry });
  expect(await column.count()).toBe(1);
  // Two elements carry each time: the label on the left and the row across the days.
  const row = page.locator(`[data-time="${time}"]`).last();
  const [entryBox, columnBox, rowBox] = [await box(entry), await box(column), await box(row)];
  expect(Math.abs(entryBox.y - rowBox.y)).toBeLessThanOrEqual(2);
  expect(entryBox.x).toBeGreaterThanOrEqual(columnBox.x - 1);
  expect(entryBox.x + entryBox.width).toBeLessThanOrEqual(columnBox.x + columnBox.width + 1);
}
