import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../dev/src/chromium';
import { uniqueClientAddress } from './client-address';


// Chromium's own console line for a response with an error status; `location.url` is the resource.
const failedLoad = (status: number) => `Failed to load resource: the server responded with a status of ${status}`;

interface Problem {
  kind: 'console.error' | 'uncaught error' | 'request failed';
  text: string;
  url: string | undefined;
}

export interface BrowserSession {
  readonly context: BrowserContext;
  /** The client address this browser's requests come from (X-Forwarded-For, see client-address.ts). */
  readonly clientAddress: string;
  /** A new tab; close it at the end of the test. */
  newPage(): Promise<Page>;
  /**
   * The API serves the app with HTTP 404 for unknown paths, and Chromium logs that as a console
   * error. A test that visits such a path on purpose declares it here so only that line is ignored.
   */
  expectNotFoundDocument(url: string): void;
  /**
   * A resource the page loads and the server refuses on purpose, e.g. the staff guard's
   * GET /api/auth/me answering 401 to a visitor: Chromium logs every error status as a console
   * error, and only this status for this URL is then ignored (until the next `takeProblems`).
   */
  expectErrorStatus(url: string, status: number): void;
  /** Console errors and uncaught page errors since the last call (then forgotten); assert it is empty. */
  takeProblems(): string[];
  close(): Promise<void>;
}

/**
 * One Chromium per test worker process, started at its first browser session: files of a worker
 * run one after another (the e2e project shares its workers' modules, vitest.config.ts), and each
 * session is a context of its own (cookies, storage and cache apart, as a fresh profile was).
 * Starting Chromium once per file was a fifth of the browser tests' CPU. It ends with the worker
 * process (Playwright closes the browsers it launched when its process exits).
 */
let shared: Promise<Browser> | undefined;

async function sharedBrowser(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared = launchChromium();
  return shared;
}

async function launchChromium(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  } catch (error) {
    throw new Error(`Could not start Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH to override)`, { cause: error });
  }
}

/** A fresh browser context (its own cookies and storage) in the worker's Chromium. */
export async function launchBrowser(): Promise<BrowserSession> {
  const clientAddress = uniqueClientAddress();
  const context = await (await sharedBrowser()).newContext({
    // Route animations and smooth scrolling off, so screenshots and clicks do not race them.
    reducedMotion: 'reduce',
    // This browser's own client address, on every request of its pages and of context.request.
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
  });
  // Fail inside a test's time budget instead of waiting out Playwright's 30 s default, with room
  // for a two-core machine that also runs the integration files and four other browsers.
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);

  let problems: Problem[] = [];
  let expectedErrors: Array<{ url: string; status: number }> = [];

  // Every Content-Security-Policy violation is a problem of the test, whatever Chromium logs of it.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });

  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    problems.push({ kind: 'console.error', text: message.text(), url: message.location().url || undefined });
  });
  // A request that never got an answer (refused, reset, aborted by the page itself) is a problem
  // too: Chromium logs no console line for an aborted fetch, and a page that cancels its own
  // requests (a double fetch, a cancelled poll) does its work twice. Requests cut off because the
  // tab navigated or closed are not the page's doing: an abort within a moment of a navigation
  // (started or committed) or of the tab closing is left out, judged when the problems are taken.
  const NAVIGATION_SLACK_MS = 2_000;
  const navigatedAt = new WeakMap<Page, number[]>();
  const noteNavigation = (page: Page) => navigatedAt.set(page, [...(navigatedAt.get(page) ?? []), Date.now()]);
  const pageOf = (request: Request): Page | null => {
    try {
      return request.frame().page();
    } catch {
      return null;
    }
  };
  context.on('page', (page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) noteNavigation(page);
    });
    page.once('close', () => noteNavigation(page));
  });
  context.on('request', (request) => {
    const page = pageOf(request);
    if (page && request.isNavigationRequest() && request.frame() === page.mainFrame()) noteNavigation(page);
  });
  const aborts: Array<{ page: Page | null; at: number; problem: Problem }> = [];
  context.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'failed';
    if (error === 'net::ERR_ABORTED' && request.isNavigationRequest()) return;
    // A read the page itself gave up (its component went away, or an answer made it moot):
    // react-query aborts such a fetch. A cancelled write, or a lost script or image, still counts.
    if (error === 'net::ERR_ABORTED' && request.method() === 'GET' && request.resourceType() === 'fetch') return;
    const problem: Problem = { kind: 'request failed', text: `${request.method()} ${error}`, url: request.url() };
    if (error === 'net::ERR_ABORTED') aborts.push({ page: pageOf(request), at: Date.now(), problem });
    else problems.push(problem);
  });
  const causedByNavigation = (abort: (typeof aborts)[number]) =>
    abort.page !== null && (navigatedAt.get(abort.page) ?? []).some((at) => Math.abs(at - abort.at) <= NAVIGATION_SLACK_MS);
  context.on('weberror', (webError) => {
    const error = webError.error();
    problems.push({ kind: 'uncaught error', text: error.stack ?? error.message, url: webError.page()?.url() });
  });

  return {
    context,
    clientAddress,
    newPage: () => context.newPage(),
    expectNotFoundDocument(url) {
      expectedErrors.push({ url: new URL(url).href, status: 404 });
    },
    expectErrorStatus(url, status) {
      expectedErrors.push({ url: new URL(url).href, status });
    },
    takeProblems() {
      // Filtered only now, so the order in which Playwright delivers events does not matter.
      problems.push(...aborts.filter((abort) => !causedByNavigation(abort)).map((abort) => abort.problem));
      aborts.length = 0;
      const unexpected = problems.filter(
        (p) => !expectedErrors.some((e) => p.kind === 'console.error' && p.url === e.url && p.text.startsWith(failedLoad(e.status))),
      );
      problems = [];
      expectedErrors = [];
      return unexpected.map((p) => `${p.kind}: ${p.text}${p.url ? ` (at ${p.url})` : ''}`);
    },
    async close() {
      await context.close();
    },
  };
}
