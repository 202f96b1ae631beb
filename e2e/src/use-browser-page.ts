import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { launchBrowser, type BrowserSession } from './browser';

export interface BrowserPage {
  /** The tab of the current test. */
  readonly page: Page;
  readonly session: BrowserSession;
}

/**
 * Registers the hooks of a browser test file: one Chromium per file, a fresh tab per test, and
 * after each test the assertion that the page logged no console error and threw nothing.
 */
export function useBrowserPage(): BrowserPage {
  let session: BrowserSession | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    session = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  beforeEach(async () => {
    page = await required(session).newPage();
  });

  afterEach(async () => {
    await page?.close();
    page = undefined;
    expect(required(session).takeProblems(), 'console errors or uncaught errors in the page').toEqual([]);
  });

  return {
    get page() {
      return required(page);
    },
    get session() {
      return required(session);
    },
  };
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('browser not started: use the page inside a test');
  return value;
}
