import type { Page } from 'playwright-core';
import { appUrl } from './app-url';
import { waitForApp } from './consent';
import type { PortalCustomer } from './portal-customer';
import { textsTo, waitForText } from './sent-texts';

/** Login step 1 as a customer does it: the login page, their e-mail, their phone typed, Send Login Code. */
export async function requestLoginCode(page: Page, customer: PortalCustomer, from: 'login' | 'here' = 'login'): Promise<void> {
  if (from === 'login') await page.goto(appUrl('/login'));
  await waitForApp(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Phone Number').pressSequentially(customer.phoneDigits);
  await page.getByRole('button', { name: 'Send Login Code' }).click();
}

/**
 * A customer's whole portal sign-in, the code read from the Twilio emulator: from the login page,
 * or `from: 'here'`, the login page the browser is on (a portal link opened signed out led there),
 * ending on `landing`.
 */
export async function signInToPortal(page: Page, customer: PortalCustomer, options: { from?: 'login' | 'here'; landing?: string } = {}): Promise<void> {
  const before = new Set((await textsTo(customer.phone)).map((m) => m.body));
  await requestLoginCode(page, customer, options.from);
  await page.getByLabel('Verification Code').waitFor();
  const text = await waitForText(customer.phone, (body) => !before.has(body) && /\b\d{6}\b/.test(body));
  await page.getByLabel('Verification Code').fill(/\b(\d{6})\b/.exec(text)?.[1] ?? '');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(appUrl(options.landing ?? '/portal'));
}
