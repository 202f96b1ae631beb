import { addDays, easternToday } from '@app/shared/eastern-time';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMPANY } from '@app/runtime/company';
import { trustStatements } from '@app/shared/company';
import { requestReceivedSms } from '@app/shared/customer-messages';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { errorOf, TINY_PNG, uniqueEmail } from '../src/form-errors';
import { tabTo } from '../src/keyboard';
import { crmContactsByEmail, crmObjects, crmOutageAnswers, eventually, withCrmOutage } from '../src/hubspot-emulator';
import { waitForText } from '../src/sent-texts';
import { useBrowserPage } from '../src/use-browser-page';
import { SMS_CONSENT_VERSION, TEXT_CONTACT_WITHOUT_TEXTS } from '@app/shared/sms-consent';

// The Deep Clean card's Schedule Service link, as the pricing page writes it (pricing.e2e.test.ts).
const DEEP_CLEAN_LINK =
  '/booking?service=Deep%20Clean&price=279' +
  '&features=Everything%20in%20the%20Basic%20Clean;Baseboards%2C%20doors%20and%20door%20frames;' +
  'Showers%2C%20tubs%20and%20tile%20scrubbed;Light%20fixtures%20and%20ceiling%20fans%20dusted;' +
  'Cabinet%20fronts%20wiped%20down;Up%20to%204%20hours' +
  '&sqft=1000;1500;2000;2001';

const CONSENT_ALERT = 'You must consent to allowing Atlanta Home Cleaning LLC to contact you before submitting.';
const OUT_OF_AREA =
  "We're not yet in your area — but you can still submit this request and we'll reach out as soon as we expand!";
const REQUEST_PATH = '/api/hubspot/portal/requestBooking';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const inDays = (days: number) => addDays(easternToday(), days);

async function openBooking(page: Page, path = DEEP_CLEAN_LINK): Promise<void> {
  await withCookieConsent(page);
  await page.goto(appUrl(path));
  await waitForApp(page);
  await page.getByRole('heading', { level: 1, name: 'Schedule Your Cleaning' }).waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Fills every required field with valid answers; `zip` and `email` vary per test, and whether the optional text box is ticked. */
async function fillValid(page: Page, { email, zip = '30303', texts = true }: { email: string; zip?: string; texts?: boolean }): Promise<void> {
  await field(page, 'Square footage').selectOption('1500');
  await field(page, 'Preferred date').fill(inDays(7));
  await field(page, 'Time of day').selectOption('morning');
  await page.getByRole('radio', { name: 'Virtual (video call)' }).check();
  await page.getByRole('checkbox', { name: 'Kitchen' }).check();
  await field(page, 'Bathrooms').fill('2');
  await field(page, 'Full name').fill('Ann Lee');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await field(page, 'Phone').fill('(404) 555-1234');
  await page.getByRole('radio', { name: 'Text message' }).check();
  await field(page, 'Street address').fill('1 Peachtree St');
  await field(page, 'City').fill('Atlanta');
  await field(page, 'State').fill('ga');
  await field(page, 'Zip code').fill(zip);
  await field(page, 'Description (optional)').fill('Two cats; parking in the drive.');
  await page.getByRole('checkbox', { name: /^I agree to allow/ }).check();
  // The separate, optional text box (beside "Text message", chosen above).
  if (texts) await page.getByRole('checkbox', { name: /^Text me about this request/ }).check();
}

/** Every requestBooking the page sends, in order. */
function recordRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === REQUEST_PATH) sent.push(request);
  });
  return sent;
}

async function confirmationDealId(page: Page): Promise<string> {
  await page.waitForURL(/\/booking\/confirmation\?dealId=/, { timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: 'Your request is locked in' }).waitFor();
  const dealId = new URL(page.url()).searchParams.get('dealId') ?? '';
  expect(dealId).toMatch(UUID);
  // The short reference people read out, not the id in the link.
  expect(await page.getByTestId('reference-id').textContent()).toMatch(/^ATL-[2-9A-HJKMNP-Z]{4,}$/);
  expect(await page.getByText("We'll contact you within 24 hours.").count()).toBe(1);
  return dealId;
}

/** Exactly one HubSpot contact for the e-mail and exactly one deal for the request, associated. */
async function expectOneContactAndDeal(email: string, dealId: string): Promise<void> {
  const deals = await eventually(
    async () => (await crmObjects('deals')).filter((d) => d.properties.app_request_id === dealId),
    (found) => found.length > 0,
  );
  const contacts = await crmContactsByEmail(email);
  expect(contacts).toHaveLength(1);
  expect(deals).toHaveLength(1);
  expect(deals[0]?.associations.contacts).toEqual([contacts[0]?.id]);
}

describe('booking form', { timeout: 90_000 }, () => {
  const browser = useBrowserPage();

  it("says 'Oops! Missing Service' with a link to pricing when no service is chosen", async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/booking'));
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: 'Oops! Missing Service' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'See pricing' }).getAttribute('href')).toBe('/pricing');
    expect(await page.locator('form').count()).toBe(0);
  });

  it('is prefilled from the pricing link and shows the catalogue price and the promo', async () => {
    const { page } = browser;
    await openBooking(page);
    expect(await field(page, 'Service').inputValue()).toBe('Deep Clean');
    expect(await page.getByRole('region', { name: "What's included" }).getByRole('listitem').allTextContents()).toEqual([
      'Everything in the Basic Clean',
      'Baseboards, doors and door frames',
      'Showers, tubs and tile scrubbed',
      'Light fixtures and ceiling fans dusted',
      'Cabinet fronts wiped down',
      'Up to 4 hours',
    ]);
    expect(await field(page, 'Square footage').locator('option').allTextContents()).toEqual([
      "Select your home's size",
      '0-1000 sq ft',
      '1001-1500 sq ft',
      '1501-2000 sq ft',
      '2001+ sq ft',
    ]);
    const price = page.getByTestId('estimate-price');
    expect(await price.textContent()).toBe('From $279');
    await field(page, 'Square footage').selectOption('1500');
    // $349 with the first-booking discount shown as its own line.
    expect(await price.textContent()).toBe('$314.10');
    expect(await page.getByTestId('estimate-discount').textContent()).toBe('−$34.90');
    await field(page, 'Service').selectOption('Basic Clean');
    expect(await price.textContent()).toBe('$188.10');
    expect(await page.getByRole('region', { name: 'Price estimate' }).textContent()).toContain('10% off your first booking.');
    // What's included follows the service now chosen, not the link's.
    expect(await page.getByRole('region', { name: "What's included" }).getByRole('listitem').first().textContent()).toBe(
      'Dusting of reachable surfaces and furniture',
    );
    // 2001+ sq ft is a quote request, as on the pricing page.
    await field(page, 'Square footage').selectOption('2001');
    expect(await price.textContent()).toBe('Custom quote after your free assessment');
    // Someone to call, when, what the company stands behind, and a customer's word (the company configuration).
    const trust = page.getByRole('region', { name: 'Booking with confidence' });
    expect(await trust.getByRole('link', { name: '(404) 555-0100' }).getAttribute('href')).toBe('tel:+14045550100');
    expect(await trust.locator('.check-list li').allTextContents()).toEqual(trustStatements(COMPANY));
    expect(await trust.locator('figure .stars').textContent()).toBe('★★★★★Rated 5 out of 5');
    expect(await trust.locator('figcaption').textContent()).toBe('Tasha R., DecaturGoogle review, September 2026');
  });

  it('a recurring clean asks how often and which visit, adds add-ons, and the summary, the request and HubSpot all agree', async () => {
    const { page } = browser;
    const sent = recordRequests(page);
    const email = uniqueEmail('recurring');
    await openBooking(page);
    expect(await page.getByRole('group', { name: 'How often?' }).count()).toBe(0);
    await field(page, 'Service').selectOption('Recurring Clean');
    await page.getByRole('button', { name: 'Request My Cleaning' }).click();
    await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
    expect(await errorOf(page.getByRole('group', { name: 'How often?' }))).toBe('Please choose how often you would like a cleaning.');
    expect(await errorOf(page.getByRole('group', { name: 'Each visit' }))).toBe('Please choose a basic or deep visit.');

    await fillValid(page, { email });
    // A phone of its own, so the "request received" text below is this booking's (one per phone a day).
    const digits = `404${String(Math.floor(2_000_000 + Math.random() * 7_999_999))}`;
    await field(page, 'Phone').fill(digits);
    await page.getByRole('radio', { name: 'Bi-weekly' }).check();
    await page.getByRole('radio', { name: 'Deep visit' }).check();
    await page.getByRole('checkbox', { name: 'Oven — $80' }).check();
    await page.getByRole('checkbox', { name: 'Interior Windows — $50' }).check();
    const summary = page.getByRole('complementary', { name: 'Your booking' });
    expect(await summary.locator('[data-summary="service"]').textContent()).toBe('Recurring Clean · Deep visit, bi-weekly');
    expect(await summary.locator('[data-summary="size"]').textContent()).toBe('1001-1500 sq ft');
    expect(await summary.locator('[data-summary="add-ons"]').textContent()).toBe('Oven, Interior Windows');
    // $349 + $80 + $50 = $479, 10% off the first visit: $431.10.
    expect(await page.getByTestId('estimate-price').textContent()).toBe('First visit $431.10, then $479 a visit');
    expect(await page.getByRole('row').allTextContents()).toEqual([
      'Recurring Deep Clean (1001-1500 sq ft)$349',
      'Oven$80',
      'Interior Windows$50',
      'First-booking discount (10%)−$47.90',
    ]);

    await page.getByRole('button', { name: 'Request My Cleaning' }).click();
    const dealId = await confirmationDealId(page);
    expect(sent[0]?.postDataJSON()).toMatchObject({ serviceType: 'Recurring Clean', frequency: 'bi-weekly', visitType: 'deep', addOns: ['addon-oven', 'addon-interior-windows'] });
    const reference = (await page.getByTestId('reference-id').textContent()) ?? '';

    // The confirmation repeats what the api recorded, and what happens next.
    const asked = page.getByRole('region', { name: 'What you asked for' });
    expect(await asked.textContent()).toContain('Recurring Clean · Deep visit, bi-weekly');
    expect(await asked.textContent()).toContain('Oven, Interior Windows');
    expect(await page.getByTestId('confirmation-estimate').textContent()).toBe('First visit $431.10, then $479 a visit (10% off the first visit)');
    const next = page.getByRole('region', { name: 'What happens next' }).getByRole('listitem');
    expect(await next.allTextContents()).toEqual([
      "We'll text you within 24 hours to confirm the day and time, and to book your free 15-minute virtual assessment.",
      'The assessment confirms the price before any work begins.',
      'Nothing is charged now. After your cleaning you get an invoice that you can pay online.',
      'Follow your request in the customer portal: sign in with the e-mail and phone number you gave us. Go to the customer portal',
    ]);
    expect(await page.getByRole('link', { name: 'Go to the customer portal' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('main').getByRole('link', { name: '(404) 555-0100' }).getAttribute('href')).toBe('tel:+14045550100');
    expect(await axeViolations(page)).toEqual([]);

    // HubSpot gets the same: reference, frequency, visit type, discount, amount, a line per product.
    const [deal] = await eventually(
      async () => (await crmObjects('deals')).filter((d) => d.properties.app_request_id === dealId),
      (found) => found.length > 0,
    );
    expect(deal?.properties).toMatchObject({
      booking_reference: reference,
      recurring_frequency: 'bi-weekly',
      visit_type: 'deep',
      first_booking_discount: '10',
      amount: '431.10',
      external_skus: 'recurring-deep-1500;addon-oven;addon-interior-windows',
    });

    // And the customer gets a text naming the reference (the worker writes it from the deal).
    expect(await waitForText(`+1${digits}`, (body) => body.includes(reference))).toBe(requestReceivedSms({ company: COMPANY.name }, reference));
  });

  it('on a phone: the first field on the first screen, the price in the bar, texts at "Text message"; at 1366 px the summary beside the form', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await openBooking(page);
    const bar = page.getByRole('region', { name: 'Booking total' });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    // The first field is on the first screen, above the bar, without scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const firstField = await field(page, 'Service').boundingBox();
    const barTop = (await bar.boundingBox())?.y ?? 0;
    expect(firstField && firstField.y + firstField.height).toBeLessThanOrEqual(barTop);
    // The summary and the price are the bar's: the side column holds what is included and the trust panel, after the form.
    expect(await page.getByTestId('estimate-price').isVisible()).toBe(false);
    const formBox = await page.locator('form.booking-form').boundingBox();
    const trustBox = await page.getByRole('region', { name: 'Booking with confidence' }).boundingBox();
    expect(trustBox && formBox && trustBox.y).toBeGreaterThanOrEqual((formBox?.y ?? 0) + (formBox?.height ?? 0));

    await field(page, 'Square footage').selectOption('1500');
    expect(await bar.getByTestId('bar-price').textContent()).toBe('$314.10');
    // A recurring clean's estimate says which visit it is, and what the later ones cost (the discount is the first visit's).
    await field(page, 'Service').selectOption('Recurring Clean');
    await page.getByRole('radio', { name: 'Weekly', exact: true }).check();
    await page.getByRole('radio', { name: 'Basic visit' }).check();
    await page.getByRole('checkbox', { name: 'Oven — $80' }).check();
    expect(await bar.getByTestId('bar-price').textContent()).toBe('First visit $233.10, then $259 a visit');
    expect(await bar.getByTestId('bar-service').textContent()).toBe('Recurring Clean · Basic visit, weekly');
    // "Text message" brings the optional, unticked text box right under the choice, with what it means.
    const aboutYou = page.getByRole('group', { name: '4. About you' });
    const textsBox = page.getByRole('checkbox', { name: /^Text me about this request/ });
    expect(await aboutYou.getByRole('checkbox', { name: /^Text me/ }).count()).toBe(0);
    const textChoice = page.getByRole('radio', { name: 'Text message' });
    await textChoice.check();
    expect(await aboutYou.getByRole('checkbox', { name: /^Text me/ }).count()).toBe(1);
    expect(await textsBox.isChecked()).toBe(false);
    const choiceBox = await page.getByRole('group', { name: 'How should we contact you?' }).boundingBox();
    const optInBox = await textsBox.boundingBox();
    expect(choiceBox && optInBox && optInBox.y - (choiceBox.y + choiceBox.height)).toBeLessThan(60);
    const note = page.locator('#booking-texts-note');
    expect(await note.textContent()).toBe(TEXT_CONTACT_WITHOUT_TEXTS);
    expect(await textsBox.getAttribute('aria-describedby')).toContain('booking-texts-note');
    // The next stop after the choice, by keyboard.
    await textChoice.focus();
    await page.keyboard.press('Tab');
    expect(await textsBox.evaluate((el) => el === document.activeElement)).toBe(true);

    // "Details" opens the summary above the bar, by keyboard, and Escape closes it back onto the button (axe: the panel open, the texts note shown).
    const details = bar.getByRole('button', { name: 'Details' });
    // By Tab, after the form and what follows it (what is included, the trust panel).
    await page.getByRole('button', { name: 'Request My Cleaning' }).focus();
    await tabTo(page, details, { max: 8 });
    await page.keyboard.press('Enter');
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    expect(await bar.getByRole('row').allTextContents()).toEqual(['Recurring Basic Clean (1001-1500 sq ft)$179', 'Oven$80', 'First-booking discount (10%)−$25.90']);
    expect(await bar.locator('[data-summary="size"]').textContent()).toBe('1001-1500 sq ft');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    expect(await bar.getByRole('row').count()).toBe(0);
    expect(await details.evaluate((el) => el === document.activeElement)).toBe(true);

    // Ticked, the note goes.
    await textsBox.focus();
    await page.keyboard.press('Space');
    expect(await textsBox.isChecked()).toBe(true);
    expect(await note.count()).toBe(0);
    // Another way to be contacted: the box goes back beside the agreement, still as ticked.
    await page.getByRole('radio', { name: 'Email' }).check();
    expect(await aboutYou.getByRole('checkbox', { name: /^Text me/ }).count()).toBe(0);
    expect(await textsBox.isChecked()).toBe(true);

    // Scrolled to the middle of the form, the bar is still on screen and submits the form.
    await field(page, 'City').scrollIntoViewIfNeeded();
    const box = await bar.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    await bar.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
    expect(await errorOf(field(page, 'Full name'))).toBe('Please enter your name.');
    expect(await axeViolations(page)).toEqual([]);

    // On a wide screen the summary and the price sit beside the form, level with its top, and the bar is gone.
    await page.setViewportSize({ width: 1366, height: 900 });
    const summary = page.getByRole('complementary', { name: 'Your booking' });
    await expect.poll(() => bar.isVisible()).toBe(false);
    const wideForm = await page.locator('form.booking-form').boundingBox();
    const side = await summary.boundingBox();
    expect(wideForm && side && side.x).toBeGreaterThanOrEqual((wideForm?.x ?? 0) + (wideForm?.width ?? 0));
    expect(await page.getByTestId('estimate-price').textContent()).toBe('First visit $233.10, then $259 a visit');
    await page.evaluate(() => window.scrollTo(0, 0));
    const top = await summary.boundingBox();
    expect(Math.abs((top?.y ?? 0) - ((await page.locator('form.booking-form').boundingBox())?.y ?? 0))).toBeLessThan(40);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the section 5 message of every required field that is missing', async () => {
    const { page } = browser;
    const sent = recordRequests(page);
    await openBooking(page);
    await page.getByRole('button', { name: 'Request My Cleaning' }).click();

    await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'You must consent' }).textContent()).toBe(CONSENT_ALERT);
    expect(await errorOf(field(page, 'Square footage'))).toBe('Invalid square footage selected');
    expect(await errorOf(field(page, 'Phone'))).toBe('Please enter a valid 10-digit US phone number.');
    expect(await errorOf(field(page, 'Zip code'))).toBe('Please enter a valid 5-digit zip code.');
    expect(await errorOf(page.getByRole('textbox', { name: 'Email' }))).toBe('Please enter a valid email address.');
    expect(await errorOf(field(page, 'Full name'))).toBe('Please enter your name.');
    expect(await errorOf(field(page, 'Street address'))).toBe('Please enter your street address.');
    expect(await errorOf(field(page, 'City'))).toBe('Please enter your city.');
    expect(await errorOf(field(page, 'State'))).toBe('Please enter a 2-letter state code.');
    expect(await errorOf(field(page, 'Preferred date'))).toBe('Please choose a preferred date.');
    expect(await errorOf(field(page, 'Time of day'))).toBe('Please choose a time of day.');
    expect(await errorOf(page.getByRole('group', { name: 'How should we contact you?' }))).toBe(
      'Please choose how we should contact you.',
    );
    expect(await errorOf(page.getByRole('group', { name: 'Free 15-minute pre-visit assessment' }))).toBe(
      'Please choose an in-person or virtual assessment.',
    );
    // The description is optional.
    expect(await errorOf(field(page, 'Description (optional)'))).toBe('');
    // Focus moves to the first field in error on the page, so keyboard users land on it.
    await expect.poll(() => field(page, 'Square footage').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('applies the field rules: state upper-cased, zip digits only, phone 10 digits, date 5 days ahead in Eastern time', async () => {
    const { page } = browser;
    await openBooking(page);
    await fillValid(page, { email: uniqueEmail('rules') });

    expect(await field(page, 'State').inputValue()).toBe('GA');
    await field(page, 'Zip code').fill('');
    await field(page, 'Zip code').pressSequentially('30a3-0 3 9');
    expect(await field(page, 'Zip code').inputValue()).toBe('30303');

    await field(page, 'Phone').fill('404-555-12');
    await field(page, 'Preferred date').fill(inDays(4));
    await page.getByRole('checkbox', { name: /^I agree to allow/ }).uncheck();
    await page.getByRole('button', { name: 'Request My Cleaning' }).click();
    await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
    expect(await errorOf(field(page, 'Phone'))).toBe('Please enter a valid 10-digit US phone number.');
    expect(await errorOf(field(page, 'Preferred date'))).toBe('Please choose a date at least 5 days from today.');

    // Fixing a field clears its message as the person types (re-validated on change).
    await field(page, 'Preferred date').fill(inDays(5));
    await expect.poll(() => errorOf(field(page, 'Preferred date'))).toBe('');
    await field(page, 'Phone').fill('404-555-1234');
    await expect.poll(() => errorOf(field(page, 'Phone'))).toBe('');
    // Once left, a valid phone is shown back as people write it.
    await field(page, 'Phone').blur();
    await expect.poll(() => field(page, 'Phone').inputValue()).toBe('(404) 555-1234');
    // The date picker does not offer days before the first allowed one.
    expect(await field(page, 'Preferred date').getAttribute('min')).toBe(inDays(5));
  });

  it('warns about an out-of-area zip but still sends the request', async () => {
    const { page } = browser;
    const sent = recordRequests(page);
    const email = uniqueEmail('out-of-area');
    await openBooking(page);
    // "Text message" with the optional text box left unticked: the request goes all the same (§5 asks no more).
    await fillValid(page, { email, zip: '90210', texts: false });
    const warning = page.getByRole('status').filter({ hasText: "We're not yet in your area" });
    await warning.waitFor();
    expect(await warning.textContent()).toBe(OUT_OF_AREA);
    await field(page, 'Zip code').fill('30303');
    await warning.waitFor({ state: 'detached' });
    await field(page, 'Zip code').fill('90210');
    await warning.waitFor();

    await page.getByRole('button', { name: 'Request My Cleaning' }).click();
    const dealId = await confirmationDealId(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.postDataJSON()).toMatchObject({ address: { zip: '90210' }, contactMethod: 'text', textsAgreed: false });
    // No texts without the box, so the confirmation promises none.
    expect(await page.getByRole('region', { name: 'What happens next' }).getByRole('listitem').first().textContent()).toBe(
      "We'll call or e-mail you within 24 hours to confirm the day and time, and to book your free 15-minute virtual assessment.",
    );
    await expectOneContactAndDeal(email, dealId);
  });

  it('keeps up to 5 photos with previews in the browser, frees removed ones and never sends them', async () => {
    const { page, session } = browser;
    await openBooking(page);
    const picker = field(page, 'Photos of your home (optional)');
    await picker.setInputFiles(
      Array.from({ length: 6 }, (_, i) => ({ name: `room-${i + 1}.png`, mimeType: 'image/png', buffer: TINY_PNG })),
    );
    const previews = page.getByRole('list', { name: 'Chosen photos' }).getByRole('img');
    await expect.poll(() => previews.count()).toBe(5);
    expect(await previews.first().getAttribute('alt')).toBe('Photo 1: room-1.png');
    expect(await previews.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth === 1))).toBe(true);
    expect(await picker.isDisabled()).toBe(true);

    const firstUrl = (await previews.first().getAttribute('src')) ?? '';
    expect(firstUrl).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Remove photo 1 (room-1.png)' }).click();
    await expect.poll(() => previews.count()).toBe(4);
    // A revoked object URL no longer loads: the removed image's memory is released.
    // (Loaded as an image, as the page does: the CSP allows blob: images, not blob: fetches.)
    const loads = (url: string) =>
      page.evaluate(
        (u) =>
          new Promise<boolean>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(true);
            img.onerror = () => resolve(false);
            img.src = u;
          }),
        url,
      );
    expect(await loads(firstUrl)).toBe(false);
    // Chromium logs that failed load; it is the one expected here.
    expect(session.takeProblems().sort()).toEqual([
      `console.error: Failed to load resource: net::ERR_FILE_NOT_FOUND (at ${firstUrl})`,
      `request failed: GET net::ERR_FILE_NOT_FOUND (at ${firstUrl})`,
    ]);
    expect(await loads((await previews.first().getAttribute('src')) ?? '')).toBe(true);
    expect(await picker.isDisabled()).toBe(false);

    const sent = recordRequests(page);
    await fillValid(page, { email: uniqueEmail('photos') });
    await page.getByRole('button', { name: 'Request My Cleaning' }).click();
    await confirmationDealId(page);
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0]?.postDataJSON() as object)).not.toContain('photos');
  });

  it('submits once through the creating and tidying steps, then the confirmation page follows the CRM sync', async () => {
    const { page } = browser;
    const sent = recordRequests(page);
    const email = uniqueEmail('booking');
    await openBooking(page);
    await fillValid(page, { email });
    // Typed with its country code: every digit is kept (the last one was once dropped).
    await field(page, 'Phone').fill('+1 (404) 555-7788');

    const button = page.getByRole('button', { name: 'Request My Cleaning' });
    // A double click, then Enter: one request only.
    await button.dblclick();
    await page.keyboard.press('Enter');
    const overlay = page.locator('.overlay');
    await overlay.getByText('Creating your request…').waitFor();
    expect(await page.getByRole('button', { name: 'Sending your request…' }).isDisabled()).toBe(true);
    // §4: the request goes out only after the 2-second "creating" pause.
    expect(sent).toHaveLength(0);
    await overlay.getByText('Tidying up the details…').waitFor({ timeout: 8_000 });
    expect(sent).toHaveLength(1);
    expect(page.url()).toContain('/booking?');

    const dealId = await confirmationDealId(page);
    expect(sent).toHaveLength(1);
    const request = sent[0];
    expect(request?.headers()['idempotency-key']).toMatch(UUID);
    expect(request?.postDataJSON()).toEqual({
      name: 'Ann Lee',
      email,
      phone: '+14045557788',
      address: { street: '1 Peachtree St', city: 'Atlanta', state: 'GA', zip: '30303' },
      squareFootage: 1500,
      serviceType: 'Deep Clean',
      preferredDate: inDays(7),
      description: 'Two cats; parking in the drive.',
      quoteType: 'virtual',
      contactMethod: 'text',
      timeOfDay: 'morning',
      rooms: {
        livingRoom: false,
        diningRoom: false,
        kitchen: true,
        office: false,
        laundryRoom: false,
        basement: false,
        garage: false,
        bathroomCount: 2,
        mainLevelBedrooms: 0,
        topLevelBedrooms: 0,
        otherRooms: 0,
      },
      agreed: true,
      consentVersion: SMS_CONSENT_VERSION,
      textsAgreed: true,
      addOns: [],
    });

    const status = page.getByRole('status').filter({ hasText: 'Your request' });
    await eventually(() => status.textContent(), (text) => text === 'Your request has reached our booking team.');
    await expectOneContactAndDeal(email, dealId);
  });

  it("shows the server's message, the default text, or the network error, and a retry never books twice", async () => {
    const { page, session } = browser;
    const email = uniqueEmail('retry');
    const sent = recordRequests(page);
    await openBooking(page);
    await fillValid(page, { email });
    const button = page.getByRole('button', { name: 'Request My Cleaning' });
    const alert = page.locator('.form-alert');

    await page.route(`**${REQUEST_PATH}`, (route) =>
      route.fulfill({ status: 503, json: { error: 'We are updating the booking system.', code: 'unavailable' } }),
    );
    await button.click();
    await expect.poll(() => alert.textContent(), { timeout: 8_000 }).toBe('We are updating the booking system.');
    expect(await alert.getAttribute('role')).toBe('alert');

    await page.unroute(`**${REQUEST_PATH}`);
    await page.route(`**${REQUEST_PATH}`, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await button.click();
    await expect.poll(() => alert.textContent(), { timeout: 8_000 }).toBe('Something went wrong with your submission.');

    // The request reaches the server and is stored, but the answer is lost on the way back.
    await page.unroute(`**${REQUEST_PATH}`);
    await page.route(`**${REQUEST_PATH}`, async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await button.click();
    await expect.poll(() => alert.textContent(), { timeout: 8_000 }).toBe('Failed to fetch');

    // The same answers again: the same Idempotency-Key, so the server replays the stored booking.
    await page.unroute(`**${REQUEST_PATH}`);
    await button.click();
    const dealId = await confirmationDealId(page);
    expect(sent).toHaveLength(4);
    // Nothing changed between the tries, so they are one attempt with one key.
    const keys = new Set(sent.map((r) => r.headers()['idempotency-key']));
    expect(keys.size).toBe(1);
    await expectOneContactAndDeal(email, dealId);

    // The refused answers and the cut connection, as Chromium reports them; nothing else.
    const problems = session.takeProblems();
    expect(problems.every((p) => /Failed to load resource|^request failed: POST net::ERR_CONNECTION_RESET/.test(p))).toBe(true);
  });

  it('the confirmation page of an unknown request says so (never "locked in"), and stops asking after a 404', async () => {
    const { page, session } = browser;
    const dealId = '00000000-0000-4000-8000-00000000dead';
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/bookingStatus?')) asked.push(request.url());
    });
    await withCookieConsent(page);
    await page.goto(appUrl(`/booking/confirmation?dealId=${dealId}`));
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: "We can't find that request" }).waitFor();
    expect(await page.getByText('Your request is locked in').count()).toBe(0);
    expect(await page.getByTestId('reference-id').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Contact us' }).last().getAttribute('href')).toBe('/contact');
    // Longer than one polling interval (3 s): no second question after the 404.
    await page.waitForTimeout(4_000);
    expect(asked).toHaveLength(1);
    // Chromium logs the expected 404 of the lookup; nothing else went wrong.
    const problems = session.takeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('status of 404');

    // No id at all: the same, without asking.
    await page.goto(appUrl('/booking/confirmation'));
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: "We can't find that request" }).waitFor();
    expect(asked).toHaveLength(1);
  });

  it('is recorded exactly once when HubSpot is down during the submission and comes back later', async () => {
    const { page } = browser;
    const email = uniqueEmail('outage');
    await openBooking(page);
    await fillValid(page, { email });
    let dealId = '';
    const status = page.getByRole('status').filter({ hasText: 'Your request' });
    await withCrmOutage(async (recover) => {
      const refusedBefore = await crmOutageAnswers();
      await page.getByRole('button', { name: 'Request My Cleaning' }).click();
      dealId = await confirmationDealId(page);
      // The worker met the outage (its push, or its scheduled pull after which it keeps new pushes
      // in the outbox); the page keeps saying it is being recorded.
      await eventually(crmOutageAnswers, (count) => count > refusedBefore);
      expect(await status.textContent()).toBe('Your request is being recorded with our booking team…');
      expect(await crmContactsByEmail(email)).toHaveLength(0);
      await recover();
    });
    await eventually(() => status.textContent(), (text) => text === 'Your request has reached our booking team.');
    await expectOneContactAndDeal(email, dealId);
  });
});
