import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { appUrl } from './app-url';

/**
 * Signs the page's browser context in as staff through the local OpenID provider, the way the
 * login page's button does (a full browser navigation to /api/auth/google and back). The e-mail
 * goes as `login_hint`, not through the provider's shared queue of next identities, so a test
 * file signing in at the same moment cannot take another file's queued identity.
 * Returns the e-mail (of the allowed dev domain) the session belongs to.
 */
export async function signInAsStaff(page: Page, label = 'staff'): Promise<string> {
  const email = `${label}.${randomBytes(4).toString('hex')}@${DEV_STAFF_EMAIL_DOMAIN}`;
  await page.goto(appUrl(`/api/auth/google?login_hint=${encodeURIComponent(email)}`));
  await page.waitForURL(appUrl('/admin/dashboard'));
  return email;
}
