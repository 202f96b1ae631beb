import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../dev/src/chromium';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Key timings in milliseconds (simulated mobile), for context. */
  metrics: Record<string, number>;
  /** Audits in the four categories that did not pass, so a score below target says why. */
  failing: string[];
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

// Chrome's trace of a run is now and then unusable (NO_NAVSTART): such a run says nothing about
// the page, so it is run once more.
const TRACE_HICCUPS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP']);

/**
 * Lighthouse's default config is the mobile preset: phone emulation and simulated slow 4G with a
 * 4x slower CPU. `cookie` is sent with every request (a signed-in page).
 */
export async function runLighthouse(url: string, options: { cookie?: string } = {}): Promise<LighthouseScores> {
  try {
    return await runOnce(url, options);
  } catch (error) {
    if (!(error instanceof TraceHiccup)) throw error;
    console.log(`(${url}: ${error.message}; running it again)`);
    return runOnce(url, options);
  }
}

class TraceHiccup extends Error {}

async function runOnce(url: string, { cookie }: { cookie?: string }): Promise<LighthouseScores> {
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS], userDataDir: profile });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      const message = `Lighthouse: ${runtimeError.code} ${runtimeError.message}`;
      throw TRACE_HICCUPS.has(runtimeError.code) ? new TraceHiccup(message) : new Error(message);
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => audits[ref.id])
        .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
        .map((audit) => `${category.id}: ${audit?.id} (${audit?.displayValue ?? audit?.score})`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      metrics: Object.fromEntries(METRICS.map((id) => [id, audits[id]?.numericValue ?? NaN])),
      failing,
    };
  } finally {
    chrome.kill();
    await rm(profile, { recursive: true, force: true }).catch(() => {});
  }
}
