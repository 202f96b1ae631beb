import { addDays, easternToday } from '@app/shared/eastern-time';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { SMS_CONSENT_VERSION, smsConsentWords, type SmsConsentForm } from '@app/shared/sms-consent';
import { appUrl } from '../src/app-url';
import { waitForApp, withCookieConsent } from '../src/consent';
import { uniqueEmail } from '../src/form-errors';
import { useBrowserPage } from '../src/use-browser-page';

// The text message consent as a visitor meets it (issue 31): what the booking form and the
// login page show, that their privacy and terms links work, and that a booking sent through the
// real form keeps the words it showed.

const BOOKING_LINK = '/booking?service=Deep%20Clean&price=279&sqft=1000;1500;2000;2001';
const TERMS_SENTENCE = 'See our Privacy Policy and Terms.';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The terms paragraph under the agreement: the program's disclosure and the two links. */
async function expectTerms(page: Page, form: SmsConsentForm): Promise<void> {
  const terms = page.locator('[data-sms-terms]');
  expect(squash(await terms.textContent())).toBe(`${smsConsentWords(form, COMPANY).disclosure} ${TERMS_SENTENCE}`);
  expect(await terms.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/legal?policy=privacy');
  expect(await terms.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
}

/** Follows the links as a new tab would open them: the privacy policy and the terms load, and describe the program. */
async function expectLinksWork(page: Page): Promise<void> {
  const program = `${COMPANY.name} customer texts`;
  await page.goto(appUrl('/legal?policy=privacy'));
  await waitForApp(page);
  const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
  await privacy.getByText(`we send ${program} to the phone number you gave`).waitFor();
  await page.goto(appUrl('/terms'));
  await waitForApp(page);
  await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
  await page.getByText(`we send ${program} to the phone number you gave`).waitFor();
}

describe('text message consent', { timeout: 90_000 }, () => {
  const browser = useBrowserPage();
  let db: Db;

  beforeAll(() => {
    db = createPrismaClient(inject('databaseUrl'));
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it('the booking form: the agreed checkbox covers texts, the terms and links show, and the request keeps the words', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl(BOOKING_LINK));
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Schedule Your Cleaning' }).waitFor();

    const consent = smsConsentWords('booking', COMPANY);
    const box = page.getByRole('checkbox', { name: consent.agreement });
    expect(await box.isChecked()).toBe(false);
    await expectTerms(page, 'booking');
    // The checkbox points at the terms it agrees to.
    expect(await box.getAttribute('aria-describedby')).toContain('booking-sms-terms');

    const sent: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/hubspot/portal/requestBooking') sent.push(request);
    });
    const email = uniqueEmail('consent');
    const phone = `404${String(Math.floor(2_000_000 + Math.random() * 7_999_999))}`;
    await field(page, 'Square footage').selectOption('1500');
    await field(page, 'Preferred date').fill(addDays(easternToday(), 7));
    await field(page, 'Time of day').selectOption('morning');
    await page.getByRole('radio', { name: 'Virtual (video call)' }).check();
    await field(page, 'Full name').fill('Ann Lee');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await field(page, 'Phone').fill(phone);
    await page.getByRole('radio', { name: 'Text message' }).check();
    await field(page, 'Street address').fill('1 Peachtree St');
    await field(page, 'City').fill('Atlanta');
    await field(page, 'State').fill('GA');
    await field(page, 'Zip code').fill('30303');
    await box.check();
    await page.getByRole('button', { name: 'Request My Cleaning' }).click();
    await page.waitForURL(/\/booking\/confirmation\?dealId=/, { timeout: 15_000 });

    expect(sent).toHaveLength(1);
    expect(sent[0]?.postDataJSON()).toMatchObject({ agreed: true, consentVersion: SMS_CONSENT_VERSION });
    const dealId = new URL(page.url()).searchParams.get('dealId') ?? '';
    const request = await db.bookingRequest.findUniqueOrThrow({ where: { dealId }, include: { smsConsent: true } });
    expect(request.smsConsent).toMatchObject({ form: 'booking', phone: `+1${phone}`, email, version: SMS_CONSENT_VERSION, words: consent.words });
    // What the page showed, word for word, is what was kept.
    expect(consent.words).toBe(`${consent.agreement} ${consent.disclosure} ${TERMS_SENTENCE}`);

    await expectLinksWork(page);
  });

  it('the login page: the spec statement, then the program, its terms and links, and step 1 sends the version', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/login'));
    await waitForApp(page);
    const consent = smsConsentWords('login', COMPANY);
    // The §2 statement stays a paragraph of its own, word for word.
    await page.getByText(consent.lead ?? '', { exact: true }).waitFor();
    expect(squash(await page.locator('[data-sms-agreement]').textContent())).toBe(consent.agreement);
    await expectTerms(page, 'login');

    const sent: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/portal/auth/request-code') sent.push(request);
    });
    await page.getByLabel('Email').fill(uniqueEmail('consent-login'));
    await page.getByLabel('Phone Number').pressSequentially('4045550177');
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    // Nobody with that e-mail: refused, but the request carried the version the page showed.
    await page.getByRole('alert').waitFor();
    expect(sent[0]?.postDataJSON()).toMatchObject({ consentVersion: SMS_CONSENT_VERSION });
    browser.session.expectErrorStatus(appUrl('/api/portal/auth/request-code'), 403);
  });
});
