import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { appUrl } from './app-url';
import { waitForApp } from './consent';
import type { PortalCustomer } from './portal-customer';

/**
 * Helpers of the staff tools' browser tests: staff sign-in through the local OpenID provider,
 * the texts the Twilio emulator was asked to send, and a customer's portal sign-in.
 */

/**
 * Signs staff in through the local provider. The `login_hint` picks who signs in (the API
 * passes it through), so parallel test files never take each other's queued identity.
 */
export async function signInAsStaff(page: Page, email = `tools.${randomBytes(3).toString('hex')}@${DEV_STAFF_EMAIL_DOMAIN}`): Promise<void> {
  await page.goto(appUrl(`/api/auth/google?login_hint=${encodeURIComponent(email)}`));
  await page.waitForURL(appUrl('/admin/dashboard'));
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
}

export interface SentText {
  to: string;
  body: string;
}

/** Every text the Twilio emulator was asked to send to `to` (E.164), newest first. */
export async function textsTo(to: string): Promise<SentText[]> {
  const response = await fetch(`${inject('twilioUrl')}/_emulator/messages?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: SentText[] }).messages;
}

/** Waits for a text to `to` that `match` accepts (the worker sends it in the background). */
export async function waitForText(to: string, match: (body: string) => boolean, timeoutMs = 30_000): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await textsTo(to)).find((m) => match(m.body))?.body;
        return found !== undefined;
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .toBe(true);
  return found ?? '';
}

/** A customer's portal sign-in as they do it, the code read from the Twilio emulator. */
export async function signInToPortal(page: Page, customer: PortalCustomer): Promise<void> {
  const before = new Set((await textsTo(customer.phone)).map((m) => m.body));
  await page.goto(appUrl('/login'));
  await waitForApp(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Phone Number').fill(customer.phoneDigits);
  await page.getByRole('button', { name: 'Send Login Code' }).click();
  await page.getByLabel('Verification Code').waitFor();
  const text = await waitForText(customer.phone, (body) => !before.has(body) && /\b\d{6}\b/.test(body));
  await page.getByLabel('Verification Code').fill(/\b(\d{6})\b/.exec(text)?.[1] ?? '');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(appUrl('/portal'));
}
