import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../dev/src/chromium';

export interface LighthouseScores {
  /** The Lighthouse that measured (its major moves the scoring). */
  lighthouseVersion: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Key timings in milliseconds (simulated mobile), for context. */
  metrics: Record<string, number>;
  /** Audits in the four categories that did not pass, so a score below target says why. */
  failing: string[];
  /** The element Lighthouse took for the largest contentful paint, as it labels it (tag and text). */
  lcpElement: string | null;
  /** Bytes of JavaScript the page downloaded (as sent, compressed). */
  scriptBytes: number;
  /** The path (and query) of every request the page made. */
  requested: string[];
}

export interface LighthouseOptions {
  /** Sent with every request (a signed-in page). */
  cookie?: string;
  /** Where to write the whole report (JSON), to look into a figure afterwards. */
  reportPath?: string;
  /**
   * Kept in the page origin's localStorage before the run, and Lighthouse told not to clear
   * storage: a returning visitor (the browser cache stays as empty as on a first visit).
   */
  localStorage?: Record<string, string>;
}

/** Writes `entries` into the origin's localStorage of the Chromium at `port`, from a tiny same-origin file (no page assets get cached). */
async function seedLocalStorage(port: number, url: string, entries: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(new URL('/robots.txt', url).href, { timeout: 30_000 });
    await page.evaluate((stored) => Object.entries(stored).forEach(([key, value]) => localStorage.setItem(key, value)), entries);
    await page.close();
  } finally {
    // Disconnects; the browser started by chrome-launcher stays up for Lighthouse.
    await browser.close();
  }
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

// Chrome's trace of a run is now and then unusable (NO_NAVSTART): such a run says nothing about
// the page, so it is run once more.
const TRACE_HICCUPS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP']);

/**
 * Lighthouse's default config is the mobile preset: phone emulation and simulated slow 4G with a
 * 4x slower CPU.
 */
export async function runLighthouse(url: string, options: LighthouseOptions = {}): Promise<LighthouseScores> {
  try {
    return await runOnce(url, options);
  } catch (error) {
    if (!(error instanceof TraceHiccup)) throw error;
    console.log(`(${url}: ${error.message}; running it again)`);
    return runOnce(url, options);
  }
}

class TraceHiccup extends Error {}

/** The LCP element of Lighthouse 13's breakdown insight: a list whose node item labels it. */
function lcpElementOf(details: unknown): string | null {
  const items = (details as { items?: { type?: string; nodeLabel?: string; snippet?: string }[] } | undefined)?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  if (!node) return null;
  const tag = /^<(\w+)/.exec(node.snippet ?? '')?.[1];
  return `${tag ? `<${tag}> ` : ''}${(node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60)}`;
}

function scriptBytesOf(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
}

function requestedOf(details: unknown): string[] {
  const items = (details as { items?: { url?: string }[] } | undefined)?.items ?? [];
  return items.flatMap((item) => (item.url?.startsWith('http') ? [new URL(item.url).pathname + new URL(item.url).search] : []));
}

async function runOnce(url: string, { cookie, reportPath, localStorage: stored }: LighthouseOptions): Promise<LighthouseScores> {
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS], userDataDir: profile });
  try {
    if (stored) await seedLocalStorage(chrome.port, url, stored);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      ...(stored ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits, runtimeError, lighthouseVersion } = result.lhr;
    if (runtimeError) {
      const message = `Lighthouse: ${runtimeError.code} ${runtimeError.message}`;
      throw TRACE_HICCUPS.has(runtimeError.code) ? new TraceHiccup(message) : new Error(message);
    }
    if (reportPath) await writeFile(reportPath, JSON.stringify(result.lhr, null, 1));
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => audits[ref.id])
        .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
        .map((audit) => `${category.id}: ${audit?.id} (${audit?.displayValue ?? audit?.score})`),
    );
    return {
      lighthouseVersion,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      metrics: Object.fromEntries(METRICS.map((id) => [id, audits[id]?.numericValue ?? NaN])),
      failing,
      lcpElement: lcpElementOf(audits['lcp-breakdown-insight']?.details),
      scriptBytes: scriptBytesOf(audits['resource-summary']?.details),
      requested: requestedOf(audits['network-requests']?.details),
    };
  } finally {
    chrome.kill();
    await rm(profile, { recursive: true, force: true }).catch(() => {});
  }
}
