import { startOidcProvider } from '@app/emulators/oidc/provider';
import { dropQueues, stop } from '../server-processes';
import { signInStaff, startStaffApiProcess } from '../staff-api';

export interface StaffSite {
  url: string;
  /** A signed-in office staff member's session, as the Cookie header a browser would send. */
  cookie: string;
  /** Ends the api and the OpenID provider and drops the api's queue keys (not the database). */
  stop(): Promise<void>;
}

/**
 * The same built api and web app as the public pages, on the same database, started as bench:staff
 * and the browser tests start it (bench/staff-api.ts): production refuses an OpenID provider over
 * plain HTTP, and the local one is nothing else. The pages and assets are served alike in both
 * modes (only the cookie's name and HSTS differ), so the staff pages measure as they would in
 * production. One staff member signs in through the local provider as a browser does.
 */
export async function serveStaffSite(databaseUrl: string): Promise<StaffSite> {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const queuePrefix = `bench-web-staff-${process.pid}`;
  const oidc = await startOidcProvider({ port: 0 });
  let api: Awaited<ReturnType<typeof startStaffApiProcess>> | undefined;
  const stopAll = async () => {
    if (api) await stop(api.child);
    await dropQueues(redisUrl, queuePrefix);
    await oidc.close();
  };
  try {
    api = await startStaffApiProcess({ databaseUrl, oidcUrl: oidc.url, queuePrefix, webDistDir: 'web/dist' });
    const { cookies } = await signInStaff(api.baseUrl, 1);
    return { url: api.baseUrl, cookie: cookies[0]!, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
