import { pino } from 'pino';
import { createLogger } from '@app/runtime/logger';
import type { StaffSignInSettings } from '../api/src/modules/staff-auth/oidc-client';
import { DEV_STAFF_EMAIL_DOMAIN, startOidcProvider, type OidcProvider } from '@app/emulators/oidc/provider';
import { startPortalApi, type TestApiOptions, type TestBrowser } from './portal-app';

export const STAFF_CLIENT = { id: 'staff-test-client', secret: 'staff-test-client-secret' } as const;

/**
 * The API as main.ts builds it (sessions in Postgres, every module, the queue dashboard) with
 * staff sign-in against a local OpenID provider (emulators/src/oidc/provider.ts) started here, and a
 * clock the test moves (session timeouts, sign-in attempt expiry). The ID token's own expiry is
 * checked against real time by openid-client.
 */
export async function startStaffApi(
  label: string,
  start: Date,
  overrides: Partial<StaffSignInSettings> = {},
  options: Pick<TestApiOptions, 'publicPosts' | 'databaseUrl' | 'hubspotAccountId' | 'port' | 'twilioInbound' | 'smsReplyNumber'> & {
    /** Every line the api logs, at every level, through the api's own logger settings (its redaction). */
    logLines?: string[];
  } = {},
) {
  const { logLines, ...apiOptions } = options;
  const provider: OidcProvider = await startOidcProvider();
  // Warnings are kept so tests can check why a sign-in was refused (the browser is never told).
  const warnings: { msg?: string; reason?: string }[] = [];
  const keepWarning = (line: string) => void warnings.push(JSON.parse(line) as { msg?: string; reason?: string });
  const logger = logLines
    ? createLogger({
        service: 'api',
        level: 'trace',
        format: 'json',
        destination: {
          write: (line: string) => {
            logLines.push(line);
            if ((JSON.parse(line) as { level: number }).level >= 40) keepWarning(line);
          },
        },
      })
    : pino({ level: 'warn' }, { write: keepWarning });
  const api = await startPortalApi(label, start, {
    ...apiOptions,
    logger,
    queueDashboard: true,
    staffSignIn: {
      provider: 'google',
      issuerUrl: provider.url,
      clientId: STAFF_CLIENT.id,
      clientSecret: STAFF_CLIENT.secret,
      redirectUrl: null,
      emailDomains: [DEV_STAFF_EMAIL_DOMAIN],
      requireHostedDomain: true,
      allowInsecureHttp: true,
      ...overrides,
    },
  });
  /** The reason of the latest refused sign-in, as logged. */
  const lastRefusal = () => warnings.filter((w) => w.msg === 'staff sign-in refused').at(-1)?.reason;
  const close = async () => {
    await api.close();
    await provider.close();
  };
  return { ...api, provider, lastRefusal, close };
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
  /** Where our callback sent the browser: /admin/dashboard or /admin/login?error={kind}. */
  landing: string | null;
}

/**
 * Staff sign-in as a browser does it: /api/auth/google → the provider → our callback. `alter`
 * may change the callback URL before it is followed (a forged state, a replayed code...).
 */
export async function staffSignIn(
  api: Pick<StaffApi, 'url'>,
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
