import type { Page } from 'playwright-core';
import { waitForApp } from './consent';

const MARKER = '__e2eSameDocument';

/**
 * Marks the current document so a later check can tell a client-side navigation (marker kept)
 * from a full page load (marker gone). Waits for the app to hydrate first: a link clicked before
 * React adopts the page loads a new document, however the app handles it.
 */
export async function markDocument(page: Page): Promise<void> {
  await waitForApp(page);
  await page.evaluate((key) => Reflect.set(window, key, true), MARKER);
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate((key) => Reflect.get(window, key) === true, MARKER);
}
