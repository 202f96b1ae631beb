import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../dev/src/chromium';

export interface PageBytes {
  path: string;
  js: { files: number; raw: number; gzip: number };
  css: { files: number; raw: number; gzip: number };
}

/**
 * Loads each page in a fresh Chromium profile (empty cache) at phone size and adds up the
 * JavaScript and CSS it downloads, counting each response body as gzip level 9 would send it
 * (what a server with precompressed assets serves; the API itself sends them uncompressed).
 */
export async function measurePageBytes(baseUrl: string, paths: readonly string[]): Promise<PageBytes[]> {
  const results: PageBytes[] = [];
  for (const pagePath of paths) {
    const profile = await mkdtemp(path.join(tmpdir(), 'bench-web-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS],
      viewport: { width: 412, height: 823 },
    });
    try {
      const page = await context.newPage();
      const pending: Promise<void>[] = [];
      const result: PageBytes = { path: pagePath, js: { files: 0, raw: 0, gzip: 0 }, css: { files: 0, raw: 0, gzip: 0 } };
      page.on('response', (response) => {
        const type = response.request().resourceType();
        const bucket = type === 'script' ? result.js : type === 'stylesheet' ? result.css : null;
        if (!bucket) return;
        pending.push(
          response.body().then((body) => {
            bucket.files += 1;
            bucket.raw += body.length;
            bucket.gzip += gzipSync(body, { level: 9 }).length;
          }),
        );
      });
      await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // Anything the page fetches on its own after becoming interactive counts too.
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
      results.push(result);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  }
  return results;
}
