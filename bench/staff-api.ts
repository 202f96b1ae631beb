import type { ChildProcess } from 'node:child_process';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { freePort, waitForHttp } from '../dev/src/net';
import { TestBrowser } from '../test/portal-app';
import { staffSignIn } from '../test/staff-app';
import { startProcess, stop } from './server-processes';

export interface StaffApiProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
}

/**
 * The built api as the browser tests run it, for staff benches: plain HTTP on 127.0.0.1 (no
 * Secure cookies), staff sign-in against the local OpenID provider at `oidcUrl`, and the built
 * web app served too when `webDistDir` is given. Stopped again when it does not come up.
 */
export async function startStaffApiProcess(options: { databaseUrl: string; oidcUrl: string; queuePrefix: string; webDistDir?: string }): Promise<StaffApiProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startProcess('api/dist/main.js', {
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: options.queuePrefix,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
    OIDC_ISSUER_URL: options.oidcUrl,
    STAFF_EMAIL_DOMAINS: DEV_STAFF_EMAIL_DOMAIN,
    // Each staff member signs in from an address of their own (X-Forwarded-For, as behind the
    // front): twenty sign-ins from one address in a minute would meet the sign-in limit.
    TRUST_PROXY_HOPS: '1',
  });
  if (!(await waitForHttp(`${baseUrl}/healthz`, 30_000))) {
    await stop(child);
    throw new Error('the api did not start');
  }
  return { child, port, baseUrl };
}

/**
 * Signs `count` staff members in (`${label}${i}@…`), as a browser does; their sessions, ready for
 * a Cookie header, and the browsers. Cleaners (owners marked on the roster) land on /cleaner.
 */
export async function signInStaff(baseUrl: string, count: number, label = 'staff', expectedLanding = '/admin/dashboard'): Promise<{ cookies: string[]; browsers: TestBrowser[] }> {
  const browsers = Array.from({ length: count }, () => new TestBrowser(baseUrl));
  for (const [i, browser] of browsers.entries()) {
    const { landing } = await staffSignIn({ url: baseUrl }, browser, { loginHint: `${label}${i}@${DEV_STAFF_EMAIL_DOMAIN}` });
    if (landing !== expectedLanding) throw new Error(`staff sign-in landed on ${landing}`);
  }
  return { cookies: browsers.map((b) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ')), browsers };
}
