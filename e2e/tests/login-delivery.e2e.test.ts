import { LOGIN_CODE_NOT_DELIVERED, LOGIN_CODE_PLACEHOLDER, LOGIN_CODE_RESENT, LOGIN_CODE_SENT, loginCodeSentTo } from '@app/shared/texts';
import { describe, expect, inject, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { createPortalCustomer } from '../src/portal-customer';
import { useBrowserPage } from '../src/use-browser-page';
import { requestLoginCode } from '../src/portal-login';

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
    await requestLoginCode(page, customer);

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

/** The login codes texted to this phone, newest first, as the Twilio emulator holds them. */
async function codesTo(phone: string): Promise<string[]> {
  const outbox = new URL('/_emulator/messages', inject('twilioUrl'));
  outbox.searchParams.set('to', phone);
  const { messages } = (await (await fetch(outbox)).json()) as { messages: { body: string }[] };
  return messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).filter((c): c is string => c !== undefined);
}

describe('login step 2', () => {
  const browser = useBrowserPage();

  it('says where the code went and until when it works, and resends it once the api allows', { timeout: 90_000 }, async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('resend');
    await withCookieConsent(page);
    await requestLoginCode(page, customer);
    await page.getByLabel('Verification Code').waitFor();

    // The api's own message, the number masked to its last four digits, the clock time it expires.
    const note = page.getByRole('status').filter({ hasText: LOGIN_CODE_SENT });
    expect(await note.textContent()).toMatch(
      new RegExp(`^${LOGIN_CODE_SENT.replace(/\./g, '\\.')}${loginCodeSentTo(customer.phoneDigits.slice(-4))} The code works until \\d{1,2}:\\d{2} (AM|PM) ET\\.$`),
    );
    expect(await note.textContent()).not.toContain(customer.phoneDigits.slice(0, 6));

    // "Resend code" waits out the api's 30 s between codes, counting down.
    const waiting = page.getByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(await waiting.isDisabled()).toBe(true);
    const first = Number(/(\d+) s/.exec((await waiting.textContent()) ?? '')?.[1]);
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(30);
    await expect.poll(async () => Number(/(\d+) s/.exec((await waiting.textContent()) ?? '')?.[1]), { timeout: 5_000 }).toBeLessThan(first);
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(() => codesTo(customer.phone), { timeout: 20_000, interval: 250 }).toHaveLength(1);

    const resend = page.getByRole('button', { name: 'Resend code', exact: true });
    await resend.waitFor({ timeout: 40_000 });
    await resend.click();
    await page.getByRole('status').getByText(LOGIN_CODE_RESENT, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Resend code in \d+ s$/ }).isDisabled()).toBe(true);

    // A second text arrives; only the newest code signs in.
    await expect.poll(() => codesTo(customer.phone), { timeout: 20_000, interval: 250 }).toHaveLength(2);
    const [newest] = await codesTo(customer.phone);
    await page.getByLabel('Verification Code').fill(newest ?? '');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(appUrl('/portal'));
  });
});
