import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { appUrl } from './app-url';

/**
 * Signs the page's browser context in as staff through the local OpenID provider, the way the
 * login page's button does (a full browser navigation to /api/auth/google and back), as a new
 * staff member of the allowed dev domain. Returns the e-mail the session belongs to.
 */
export async function signInAsStaff(page: Page, label = 'staff'): Promise<string> {
  const email = `${label}.${randomBytes(4).toString('hex')}@${DEV_STAFF_EMAIL_DOMAIN}`;
  await signInStaffMember(page, email);
  return email;
}

/**
 * Signs in as the staff member `email`, then waits for the staff home. The e-mail goes as
 * `login_hint`, not through the provider's shared queue of next identities, so a test file
 * signing in at the same moment cannot take another file's queued identity.
 */
export async function signInStaffMember(page: Page, email: string): Promise<void> {
  await page.goto(appUrl(`/api/auth/google?login_hint=${encodeURIComponent(email)}`));
  await page.waitForURL(appUrl('/admin/dashboard'));
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
}
