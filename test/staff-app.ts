import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createPrismaClient, type Db } from '@app/db/client';
import { createLogger } from '@app/worker/logger';
import { createOutboxPublisher } from '@app/worker/outbox/publisher';
import { createQueueBackend, createQueues } from '@app/worker/queue/connection';
import { createApp } from '../api/src/app';
import { SESSION_POLICIES } from '../api/src/middleware/session';
import { createPostgresSessionStore } from '../api/src/middleware/session-store';
import { queueDashboard } from '../api/src/modules/ops/queue-dashboard';
import { moduleRouters } from '../api/src/modules/registry';
import type { StaffSignInSettings } from '../api/src/modules/staff-auth/oidc-client';
import { DEV_STAFF_EMAIL_DOMAIN, startOidcProvider, type OidcProvider } from '../dev/src/oidc-provider';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from './context';
import type { TestBrowser } from './portal-app';

const log = createLogger({ service: 'staff-test', level: 'silent', format: 'json' });
export const STAFF_CLIENT = { id: 'staff-test-client', secret: 'staff-test-client-secret' } as const;

/**
 * The API as main.ts builds it (sessions in Postgres, every module, the queue dashboard) with
 * staff sign-in against a local OpenID provider (dev/src/oidc-provider.ts) started here, and a
 * clock the test moves (session timeouts, sign-in attempt expiry). The ID token's own expiry is
 * checked against real time by openid-client.
 */
export async function startStaffApi(label: string, start: Date, overrides: Partial<StaffSignInSettings> = {}) {
  const provider: OidcProvider = await startOidcProvider();
  const db: Db = createPrismaClient(testDatabaseUrl());
  const prefix = uniqueQueuePrefix(label);
  const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix, role: 'producer' });
  const queues = createQueues(backend);
  const outbox = createOutboxPublisher({ queues, log });
  let current = start.getTime();
  const now = () => new Date(current);
  // Warnings are kept so tests can check why a sign-in was refused (the browser is never told).
  const warnings: { msg?: string; reason?: string }[] = [];
  const appLog = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line) as { msg?: string; reason?: string }) });
  const staffSignIn: StaffSignInSettings = {
    provider: 'google',
    issuerUrl: provider.url,
    clientId: STAFF_CLIENT.id,
    clientSecret: STAFF_CLIENT.secret,
    redirectUrl: null,
    emailDomains: [DEV_STAFF_EMAIL_DOMAIN],
    requireHostedDomain: true,
    allowInsecureHttp: true,
    ...overrides,
  };
  const app = await createApp({
    logger: appLog,
    bodyLimit: '100kb',
    readinessChecks: {},
    session: { keys: ['staff-test-session-key-0123456789abcdef'], secure: false, store: createPostgresSessionStore({ db, now, policies: SESSION_POLICIES }) },
    routers: moduleRouters({ db, outbox, now, auth: { otpSecret: 'staff-test-otp-secret-0123456789abcdef', trustedProxyHops: 1 }, staffSignIn }),
    middleware: [queueDashboard(Object.values(queues))],
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await Promise.all(Object.values(queues).map((q) => q.close()));
    await backend.close();
    await db.$disconnect();
    await provider.close();
  };
  const clock = {
    now,
    advance: (ms: number) => {
      current += ms;
    },
    set: (at: Date) => {
      current = at.getTime();
    },
  };
  /** The reason of the latest refused sign-in, as logged. */
  const lastRefusal = () => warnings.filter((w) => w.msg === 'staff sign-in refused').at(-1)?.reason;
  return { url, db, queues, prefix, clock, provider, lastRefusal, close };
}
export type StaffApi = Awaited<ReturnType<typeof startStaffApi>>;

/** Keeps the cookies of a response in the test browser's jar (an empty value deletes). */
function keepCookies(browser: TestBrowser, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value = ''] = (pair ?? '').split('=');
    if (!name) continue;
    if (value === '') browser.cookies.delete(name);
    else browser.cookies.set(name, value);
  }
}

/** One browser navigation without following redirects: its status, Location and cookies kept. */
export async function navigate(browser: TestBrowser, url: string): Promise<{ status: number; location: string | null }> {
  const headers: Record<string, string> = { 'X-Forwarded-For': browser.ip, Accept: 'text/html' };
  if (browser.cookies.size > 0) headers.Cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(url, { redirect: 'manual', headers });
  keepCookies(browser, res);
  await res.body?.cancel();
  return { status: res.status, location: res.headers.get('location') };
}

export interface SignInSteps {
  /** The provider's authorization URL the API sent the browser to. */
  authorizeUrl: URL;
  /** Where the provider sent the browser back (our callback, with code and state). */
  callbackUrl: URL;
  /** Where our callback sent the browser: /admin/dashboard or /admin/login?error=unauthorized. */
  landing: string | null;
}

/**
 * Staff sign-in as a browser does it: /api/auth/google → the provider → our callback. `alter`
 * may change the callback URL before it is followed (a forged state, a replayed code...).
 */
export async function staffSignIn(
  api: StaffApi,
  browser: TestBrowser,
  options: { loginHint?: string; alter?: (callback: URL) => URL | string } = {},
): Promise<SignInSteps> {
  const start = await navigate(browser, `${api.url}/api/auth/google${options.loginHint ? `?login_hint=${encodeURIComponent(options.loginHint)}` : ''}`);
  if (start.status !== 302 || !start.location) throw new Error(`sign-in start answered ${start.status}`);
  const authorizeUrl = new URL(start.location, api.url);
  const atProvider = await navigate(browser, authorizeUrl.href);
  if (atProvider.status !== 302 || !atProvider.location) throw new Error(`provider answered ${atProvider.status}`);
  const callbackUrl = new URL(atProvider.location);
  const followed = options.alter ? options.alter(new URL(callbackUrl.href)) : callbackUrl;
  const back = await navigate(browser, typeof followed === 'string' ? followed : followed.href);
  return { authorizeUrl, callbackUrl, landing: back.location };
}
