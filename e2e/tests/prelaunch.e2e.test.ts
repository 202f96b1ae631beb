import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { announcements, recordAnnouncements } from '../src/announcements';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { errorOf, uniqueEmail } from '../src/form-errors';
import { crmContactsByEmail, crmOutageAnswers, eventually, withCrmOutage } from '../src/hubspot-emulator';
import { useBrowserPage } from '../src/use-browser-page';

const PATH = '/api/subscribe';
const ZIP_FORMAT = 'Whoops! Zip code only please — just 5 numbers, no letters or symbols.';
const ZIP_NOT_SERVED = "Our mops aren't in your area quite yet. Check back later, we're always adding more.";
const CONSENT_ALERT = 'You must consent to allowing Atlanta Home Cleaning LLC to contact you before submitting.';
const NOTIFY_FAILED = 'Something went wrong while submitting. Please try again later.';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const currentStep = (page: Page) => page.locator('.progress-steps [aria-current="step"]').textContent();

async function openComingSoon(page: Page): Promise<void> {
  await withCookieConsent(page);
  await page.goto(appUrl('/comingsoon'));
  await waitForApp(page);
}

async function passZipStep(page: Page, zip = '30303'): Promise<void> {
  await field(page, 'Your zip code').fill(zip);
  await page.getByRole('button', { name: 'Check my zip' }).click();
  await field(page, 'Email').waitFor();
}

async function fillDetails(page: Page, email: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'First name').fill('Rosa');
  await page.getByRole('radio', { name: 'Landlord Partnership' }).check();
  await page.getByRole('checkbox', { name: /^I agree to receive/ }).check();
}

function recordRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === PATH) sent.push(request);
  });
  return sent;
}

/** The signup as the worker records it: on exactly one HubSpot contact for the e-mail. */
async function expectSignupOnOneContact(email: string): Promise<void> {
  const contacts = await eventually(
    () => crmContactsByEmail(email),
    (found) => found.length > 0,
  );
  expect(contacts).toHaveLength(1);
  expect(contacts[0]?.properties).toMatchObject({ firstname: 'Rosa', zip: '30303', notify_interest: 'Landlord Partnership' });
}

describe('pre-launch notify page', { timeout: 90_000 }, () => {
  const browser = useBrowserPage();

  it.each([
    ['30a03', ZIP_FORMAT],
    ['3030', ZIP_FORMAT],
    ['303031', ZIP_FORMAT],
    [' ', ZIP_FORMAT],
    ['90210', ZIP_NOT_SERVED],
  ])('step 1 refuses zip %j with the section 5 message', async (zip, message) => {
    const { page } = browser;
    await openComingSoon(page);
    expect(await currentStep(page)).toBe('1Check your zip code');
    const input = field(page, 'Your zip code');
    await input.fill(zip);
    await page.getByRole('button', { name: 'Check my zip' }).click();
    await expect.poll(() => errorOf(input)).toBe(message);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await currentStep(page)).toBe('1Check your zip code');
    // A well-formed zip we do not serve is offered the waitlist instead.
    expect(await page.getByRole('link', { name: /^Join the waitlist/ }).count()).toBe(message === ZIP_NOT_SERVED ? 1 : 0);
  });

  it('step 2 shows the section 5 messages, and its honeypot is out of sight and out of the tab order', async () => {
    const { page } = browser;
    const sent = recordRequests(page);
    await openComingSoon(page);
    await passZipStep(page);
    expect(await currentStep(page)).toBe('2Tell us about you');
    expect(await page.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent))).toEqual([
      'Residential Cleaning',
      'Commercial Cleaning',
      'Landlord Partnership',
    ]);

    await page.getByRole('button', { name: 'Notify Me' }).click();
    const consent = page.getByRole('alert').filter({ hasText: 'You must consent' });
    await consent.waitFor();
    expect(await consent.textContent()).toBe(CONSENT_ALERT);
    expect(await errorOf(field(page, 'Email'))).toBe('Please enter a valid email address.');
    expect(await errorOf(field(page, 'First name'))).toBe('Please enter your first name.');
    expect(await errorOf(page.getByRole('group', { name: "I'm interested in" }))).toBe('Please select an interest type.');
    await field(page, 'Email').fill('rosa@example');
    await expect.poll(() => errorOf(field(page, 'Email'))).toBe('Please enter a valid email address.');
    expect(sent).toHaveLength(0);

    // Hidden from people (off screen) and from assistive technology (aria-hidden), never tabbed into.
    const honeypot = page.locator('input[name="website"]');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    expect(await honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    const box = await honeypot.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
    await field(page, 'Email').focus();
    const visited: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      visited.push(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? ''));
    }
    expect(visited).not.toContain('website');
    expect(visited).toContain('agreed');
  });

  it('signs up (honeypot sent empty), shows the on-the-list state, and the worker records it in HubSpot', async () => {
    const { page } = browser;
    const sent = recordRequests(page);
    const email = uniqueEmail('notify');
    await recordAnnouncements(page);
    await openComingSoon(page);
    await passZipStep(page);
    await fillDetails(page, email);
    await page.getByRole('button', { name: 'Notify Me' }).click();

    await page.getByRole('heading', { level: 2, name: "You're on the list" }).waitFor();
    expect(await currentStep(page)).toBe("3You're on the list");
    // 30303 is served (the page only takes served zips): it never says we have not started there.
    expect(await page.getByRole('status').filter({ hasText: 'Thanks!' }).textContent()).toBe(
      "Thanks! You're on the list, and we'll e-mail you our news. We already clean in 30303: you can book a cleaning any time.",
    );
    // Read out: the result in the status region, and focus on the new heading (the button pressed is gone).
    expect(await announcements(page)).toContain(
      "Thanks! You're on the list, and we'll e-mail you our news. We already clean in 30303: you can book a cleaning any time.",
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("You're on the list");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.postDataJSON()).toEqual({ zip: '30303', email, firstName: 'Rosa', interest: 'Landlord Partnership', website: '' });
    await expectSignupOnOneContact(email);
  });

  it.each([
    ['an error answer', { status: 500, json: { error: 'boom', code: 'internal' } }],
    ['no answer (network failure)', null],
  ] as const)('shows the section 8 alert for %s and keeps the details', async (_case, answer) => {
    const { page, session } = browser;
    await page.route(`**${PATH}`, (route) => (answer ? route.fulfill(answer) : route.abort('connectionrefused')));
    await openComingSoon(page);
    await passZipStep(page);
    await fillDetails(page, uniqueEmail('notify-fail'));
    await page.getByRole('button', { name: 'Notify Me' }).click();

    const alert = page.locator('.form-alert');
    await expect.poll(() => alert.textContent()).toBe(NOTIFY_FAILED);
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await field(page, 'First name').inputValue()).toBe('Rosa');
    expect(await currentStep(page)).toBe('2Tell us about you');
    expect(session.takeProblems().every((p) => p.includes('Failed to load resource') || p.startsWith('request failed: POST net::ERR_CONNECTION_REFUSED'))).toBe(true);
  });

  it('is recorded exactly once when HubSpot is down during the signup and comes back later', async () => {
    const { page } = browser;
    const email = uniqueEmail('notify-outage');
    await openComingSoon(page);
    await passZipStep(page);
    await fillDetails(page, email);
    await withCrmOutage(async (recover) => {
      const refusedBefore = await crmOutageAnswers();
      await page.getByRole('button', { name: 'Notify Me' }).click();
      await page.getByRole('heading', { level: 2, name: "You're on the list" }).waitFor();
      // The worker met the outage: its push, or its scheduled pull (then it keeps new pushes in the outbox).
      await eventually(crmOutageAnswers, (count) => count > refusedBefore);
      expect(await crmContactsByEmail(email)).toHaveLength(0);
      await recover();
    });
    await expectSignupOnOneContact(email);
  });
});

describe('out-of-area waitlist', { timeout: 90_000 }, () => {
  const browser = useBrowserPage();

  it('takes the zip the home checker refused, and the worker records it in HubSpot', async () => {
    const { page } = browser;
    const email = uniqueEmail('waitlist');
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/waitlist') sent.push(request);
    });
    await withCookieConsent(page);
    await page.goto(appUrl('/'));
    await waitForApp(page);
    await page.getByLabel('Your zip code').fill('90210');
    await page.getByRole('button', { name: 'Check my zip' }).click();
    await page.getByRole('link', { name: 'Join the waitlist for 90210' }).click();
    await page.waitForURL(appUrl('/waitlist?zip=90210'));
    await page.getByRole('heading', { level: 1, name: 'Join the waitlist' }).waitFor();
    expect(await page.getByText("We don't clean in 90210 yet.", { exact: false }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await fillDetails(page, email);
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await page.getByRole('status').filter({ hasText: "You're on the waitlist" }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: "You're on the waitlist" }).textContent()).toBe(
      "You're on the waitlist for 90210. We'll e-mail you as soon as we start cleaning there.",
    );
    expect(sent.map((r) => r.postDataJSON())).toEqual([{ zip: '90210', email, firstName: 'Rosa', interest: 'Landlord Partnership', website: '' }]);
    const contacts = await eventually(
      () => crmContactsByEmail(email),
      (found) => found.length > 0,
    );
    expect(contacts[0]?.properties).toMatchObject({ firstname: 'Rosa', zip: '90210', notify_zip: '90210', notify_interest: 'Landlord Partnership' });
  });

  it('asks for a zip when the link has none, and sends a zip we serve to pricing', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/waitlist'));
    await waitForApp(page);
    const input = field(page, 'Your zip code');
    await input.fill('30303');
    await page.getByRole('button', { name: 'Check my zip' }).click();
    await expect.poll(() => errorOf(input)).toBe('We already clean in this zip code. You can book a cleaning now.');
    await input.fill('35004');
    await page.getByRole('button', { name: 'Check my zip' }).click();
    await field(page, 'Email').waitFor();

    await page.goto(appUrl('/waitlist?zip=30303'));
    await waitForApp(page);
    expect(await page.getByRole('link', { name: 'See prices and book' }).getAttribute('href')).toBe('/pricing');
  });
});
