import { createPrismaClient } from '@app/db/client';
import { loginCodeFor } from '@app/runtime/sms/login-code';
import { throwawaySecrets } from '../../dev/src/net';
import { TestBrowser } from '../../test/portal-app';
import type { BuiltSite } from './serve-built-site';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

/**
 * A customer signed in to the portal of the served site (its database seeded), as the Cookie
 * header a browser would send: the first customer with a coming cleaning goes through both login
 * steps, the code derived as the worker would text it. The requests say they came over HTTPS
 * through the one trusted proxy, as the production session cookie requires.
 */
export async function portalSessionCookie(site: BuiltSite): Promise<string> {
  const db = createPrismaClient(site.databaseUrl);
  try {
    const customer = await db.contact.findFirstOrThrow({
      where: { portalEligible: true, suspended: false, phone: { not: null }, deals: { some: { scheduledAt: { gt: new Date() } } } },
      select: { email: true, phone: true },
      orderBy: { email: 'asc' },
    });
    const login = { email: customer.email, phone: customer.phone ?? '' };
    const browser = new TestBrowser(site.url);
    const https = { 'X-Forwarded-Proto': 'https' };
    const requested = await browser.post('/api/portal/auth/request-code', { ...login, code: '', consentVersion: SMS_CONSENT_VERSION }, https);
    if (requested.status !== 200) throw new Error(`request-code answered ${requested.status}: ${await requested.text()}`);
    const challenge = await db.otpChallenge.findFirstOrThrow({ where: { phone: login.phone }, orderBy: { createdAt: 'desc' }, select: { id: true } });
    const code = loginCodeFor(throwawaySecrets().OTP_SECRET, challenge.id);
    const verified = await browser.post('/api/portal/auth/verify-code', { ...login, code }, https);
    if (verified.status !== 200) throw new Error(`verify-code answered ${verified.status}: ${await verified.text()}`);
    return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  } finally {
    await db.$disconnect();
  }
}
