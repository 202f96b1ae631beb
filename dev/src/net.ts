import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { DEMO_COMPANY } from '@app/shared/company';

/**
 * Small helpers for everything that starts our servers as child processes: the dev runner,
 * the browser-test setup and the benchmarks. One copy, here.
 */

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Calls `check` every `intervalMs` until it returns true (a throw counts as false); false once `timeoutMs` passes. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, intervalMs = 200): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return false;
}

/** Polls `url` until it answers 2xx or `timeoutMs` passes. */
export function waitForHttp(url: string, timeoutMs: number): Promise<boolean> {
  return waitUntil(async () => (await fetch(url)).ok, timeoutMs);
}

type ThrowawaySecrets = { SESSION_SECRET: string; OTP_SECRET: string; HOME_SECRET_KEYS: string; TWILIO_AUTH_TOKEN: string; METRICS_TOKEN: string; EMAIL_WEBHOOK_SIGNING_KEY: string; COMPANY_CONFIG: string };
let secrets: ThrowawaySecrets | undefined;

/**
 * Production mode refuses to start without its secrets and a company of its own. Processes we
 * start in production mode on this machine (benchmarks, the built site) get random secrets, valid
 * for this run only and the same for every process of the run (the api and the worker must share
 * OTP_SECRET), and the demo company under an address and number that are not placeholders.
 */
export function throwawaySecrets(): ThrowawaySecrets {
  secrets ??= {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    OTP_SECRET: randomBytes(32).toString('hex'),
    HOME_SECRET_KEYS: `run:${randomBytes(32).toString('base64')}`,
    TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
    METRICS_TOKEN: randomBytes(24).toString('hex'),
    EMAIL_WEBHOOK_SIGNING_KEY: randomBytes(24).toString('hex'),
    COMPANY_CONFIG: JSON.stringify({ ...DEMO_COMPANY, email: 'office@benchmark.internal', phone: '+14045550000' }),
  };
  return secrets;
}
