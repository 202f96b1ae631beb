import { COOKIE_CONSENT_KEY } from '@app/shared/constants';
import type { Page } from 'playwright-core';

/**
 * Stores cookie consent before the page's scripts run, for tests about something else: the
 * banner floats over the page and would otherwise cover what they click.
 */
export async function withCookieConsent(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    try {
      window.localStorage.setItem(key, 'true');
    } catch {
      // A sandboxed frame (an e-mail in the dev inbox) has no storage, and needs no consent.
    }
  }, COOKIE_CONSENT_KEY);
}

/** Waits until the app has hydrated (the page's own scripts ran), so clicks reach React. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
