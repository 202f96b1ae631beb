import { inject, describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { useBrowserPage } from '../src/use-browser-page';

const ACCESS_DENIED = 'Access denied — your email domain is not allowed.';

/** The local OpenID provider signs in whoever is queued next through its control API. */
async function nextSignInAs(identity: { email: string; name?: string }): Promise<void> {
  const res = await fetch(`${inject('oidcUrl')}/_provider/next-identity`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(identity),
  });
  expect(res.status).toBe(201);
}

// One browser context for the file: the refused sign-in runs first, so it starts signed out.
describe('staff sign-in', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('refuses an e-mail domain that is not allowed, back on the login page with the spec’s message', async () => {
    const { page } = browser;
    await nextSignInAs({ email: 'someone@gmail.example' });
    await page.goto(appUrl('/admin/login'));
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(appUrl('/admin/login?error=unauthorized'));
    expect(await page.getByRole('alert').textContent()).toBe(ACCESS_DENIED);
    // Still signed out (no session cookie was set).
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('sid');
  });

  it('signs in a verified e-mail of the staff domain and lands on the dashboard', async () => {
    const { page } = browser;
    await nextSignInAs({ email: 'dana.dispatch@atlantahomecleaning.example', name: 'Dana Dispatch' });
    await page.goto(appUrl('/admin/login'));
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(appUrl('/admin/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    // The staff frame names who is signed in.
    await page.locator('.staff-bar').getByText('Dana Dispatch').waitFor();
  });
});
