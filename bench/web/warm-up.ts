import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../dev/src/chromium';

/**
 * One untimed visit to each signed-in page, so Lighthouse meets the api as people do, running:
 * the first answer of a freshly started api (its first queries, its pool) takes a second or more,
 * which Lighthouse would carry into its simulated timings. Each visit is bounded (30 s).
 */
export async function warmUp(pages: readonly { url: string; cookie?: string | undefined }[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    for (const { url, cookie } of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ...(cookie ? { extraHTTPHeaders: { Cookie: cookie } } : {}) });
      try {
        const page = await context.newPage();
        await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}
