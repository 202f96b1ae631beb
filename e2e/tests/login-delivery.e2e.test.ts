import { LOGIN_CODE_NOT_DELIVERED, LOGIN_CODE_PLACEHOLDER } from '@app/shared/texts';
import { describe, expect, inject, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { createPortalCustomer } from '../src/portal-customer';
import { useBrowserPage } from '../src/use-browser-page';

/**
 * A login code that never reaches the phone: the Twilio emulator is told (through its control
 * API) that texts to this customer's number end undelivered with 30003, as a switched-off phone
 * would. The worker sends the code, the emulator posts its signed status callbacks to the api,
 * and the login page, polling on step 2, says the code could not be delivered.
 */
describe('login code that cannot be delivered', () => {
  const browser = useBrowserPage();

  it('tells the customer on step 2 instead of leaving them waiting', { timeout: 90_000 }, async () => {
    const { page, session } = browser;
    const customer = await createPortalCustomer('undelivered');
    const twilioUrl = inject('twilioUrl');
    const rule = await fetch(`${twilioUrl}/_emulator/delivery-failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: customer.phone, status: 'undelivered', errorCode: 30003 }),
    });
    expect(rule.status, await rule.clone().text()).toBe(201);

    await withCookieConsent(page);
    await page.goto(appUrl('/login'));
    await waitForApp(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Phone Number').pressSequentially(customer.phoneDigits);
    await page.getByRole('button', { name: 'Send Login Code' }).click();

    // Step 2 as always, then the delivery report.
    const codeField = page.getByLabel('Verification Code');
    await codeField.waitFor();
    expect(await codeField.getAttribute('placeholder')).toBe(LOGIN_CODE_PLACEHOLDER);
    const failure = page.getByRole('alert').filter({ hasText: LOGIN_CODE_NOT_DELIVERED });
    await failure.waitFor({ timeout: 30_000 });
    expect(await failure.textContent()).toBe(LOGIN_CODE_NOT_DELIVERED);
    expect(await failure.getAttribute('data-tone')).toBe('error');
    expect(await page.getByRole('button', { name: 'Back to email/phone' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The dev SMS inbox shows the message's delivery state too.
    const inbox = await session.newPage();
    await inbox.goto(`${twilioUrl}/`);
    await inbox.getByLabel('Filter by phone').fill(customer.phone);
    const state = inbox.getByRole('list', { name: 'Messages' }).getByRole('listitem').first().locator('.state');
    await expect.poll(() => state.textContent(), { timeout: 10_000, interval: 250 }).toBe('Delivery: undelivered (30003 Unreachable destination handset)');
    await inbox.close();
  });
});
