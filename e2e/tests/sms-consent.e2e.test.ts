import { addDays, easternToday } from '@app/shared/eastern-time';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { SMS_CONSENT_VERSION, smsConsentWords, TEXT_CONTACT_WITHOUT_TEXTS, type SmsConsentForm } from '@app/shared/sms-consent';
import { appUrl } from '../src/app-url';
import { waitForApp, withCookieConsent } from '../src/consent';
import { uniqueEmail } from '../src/form-errors';
import { useBrowserPage } from '../src/use-browser-page';

// The text message consent as a visitor meets it (docs/customer-messages.md): what the booking
// form and the login page show, that their privacy and terms links work, and that a booking sent
// through the real form keeps the words it showed and whether its separate, optional text box was
// ticked.

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

  /** Fills the booking form's required fields (contact by e-mail, so the text box stays optional); returns the e-mail and phone typed. */
  async function fillBooking(page: Page, tag: string): Promise<{ email: string; phone: string }> {
    const email = uniqueEmail(tag);
    const phone = `404${String(Math.floor(2_000_000 + Math.random() * 7_999_999))}`;
    await field(page, 'Square footage').selectOption('1500');
    await field(page, 'Preferred date').fill(addDays(easternToday(), 7));
    await field(page, 'Time of day').selectOption('morning');
    await page.getByRole('radio', { name: 'Virtual (video call)' }).check();
    await field(page, 'Full name').fill('Ann Lee');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await field(page, 'Phone').fill(phone);
    await page.getByRole('radio', { name: 'Email' }).check();
    await field(page, 'Street address').fill('1 Peachtree St');
    await field(page, 'City').fill('Atlanta');
    await field(page, 'State').fill('GA');
    await field(page, 'Zip code').fill('30303');
    return { email, phone };
  }

  /** Sends the form; returns the request body it posted and the deal's id. */
  async function submitBooking(page: Page): Promise<{ body: unknown; dealId: string }> {
    const sent: Request[] = [];
    const listener = (request: Request) => {
      if (new URL(request.url()).pathname === '/api/hubspot/portal/requestBooking') sent.push(request);
    };
    page.on('request', listener);
    await page.getByRole('button', { name: 'Request My Cleaning' }).click();
    await page.waitForURL(/\/booking\/confirmation\?dealId=/, { timeout: 15_000 });
    page.off('request', listener);
    expect(sent).toHaveLength(1);
    return { body: sent[0]?.postDataJSON(), dealId: new URL(page.url()).searchParams.get('dealId') ?? '' };
  }

  it('the booking form: the agreement leaves texts out, texts have their own optional unticked box with the terms, and the choice is kept', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl(BOOKING_LINK));
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Schedule Your Cleaning' }).waitFor();

    const consent = smsConsentWords('booking', COMPANY);
    const agreement = page.getByRole('checkbox', { name: consent.agreement });
    expect(consent.agreement).not.toMatch(/text/i);
    expect(await agreement.getAttribute('required')).not.toBeNull();
    const texts = page.getByRole('checkbox', { name: consent.textsOptIn ?? '' });
    expect(await texts.isChecked()).toBe(false);
    expect(await texts.getAttribute('required')).toBeNull();
    await expectTerms(page, 'booking');
    // The text box (not the agreement) points at the program's terms.
    expect(await texts.getAttribute('aria-describedby')).toContain('booking-sms-terms');
    expect(await agreement.getAttribute('aria-describedby')).toBeNull();

    // Ticked through the real form: the payload says so, and the request keeps the words and the choice.
    const { email, phone } = await fillBooking(page, 'consent');
    await agreement.check();
    await texts.check();
    const { body, dealId } = await submitBooking(page);
    expect(body).toMatchObject({ agreed: true, consentVersion: SMS_CONSENT_VERSION, textsAgreed: true });
    const request = await db.bookingRequest.findUniqueOrThrow({ where: { dealId }, include: { smsConsent: true } });
    expect(request.smsConsent).toMatchObject({ form: 'booking', phone: `+1${phone}`, email, version: SMS_CONSENT_VERSION, words: consent.words, textsAgreed: true });
    // What the page showed, word for word, is what was kept.
    expect(consent.words).toBe(`${consent.agreement} ${consent.textsOptIn} ${consent.disclosure} ${TERMS_SENTENCE}`);
    // The opt-in confirmation is written with the booking.
    expect(await db.smsMessage.count({ where: { to: `+1${phone}`, purpose: 'request_received', dealId } })).toBe(1);

    await expectLinksWork(page);
  });

  it('the booking form: left unticked, the booking goes through, kept as not agreed, and no text is written', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl(BOOKING_LINK));
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Schedule Your Cleaning' }).waitFor();
    const consent = smsConsentWords('booking', COMPANY);
    const { phone } = await fillBooking(page, 'consent-no-texts');
    await page.getByRole('checkbox', { name: consent.agreement }).check();
    // Even with "Text message" as the way to be contacted: the box stays optional (§5 asks for a
    // contact method and the agreement only), and beside the choice it says what happens without it.
    await page.getByRole('radio', { name: 'Text message' }).check();
    expect(await page.locator('#booking-texts-note').textContent()).toBe(TEXT_CONTACT_WITHOUT_TEXTS);
    const { body, dealId } = await submitBooking(page);
    expect(body).toMatchObject({ agreed: true, consentVersion: SMS_CONSENT_VERSION, textsAgreed: false, contactMethod: 'text' });
    const request = await db.bookingRequest.findUniqueOrThrow({ where: { dealId }, include: { smsConsent: true } });
    expect(request.smsConsent).toMatchObject({ phone: `+1${phone}`, words: consent.words, textsAgreed: false });
    expect(await db.smsMessage.count({ where: { to: `+1${phone}` } })).toBe(0);
  });

  it('the login page: the spec statement, then the program, its terms and links, and step 1 sends the version', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/login'));
    await waitForApp(page);
    const consent = smsConsentWords('login', COMPANY);
    // The §2 statement stays a paragraph of its own, word for word; nothing opts into all texts.
    await page.getByText(consent.lead ?? '', { exact: true }).waitFor();
    expect(await page.locator('[data-sms-agreement]').count()).toBe(0);
    expect(squash(await page.locator('.login-consent').textContent())).not.toContain('agree to receive Atlanta');
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
