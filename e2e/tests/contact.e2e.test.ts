import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { waitForApp, withCookieConsent } from '../src/consent';
import { errorOf, uniqueEmail } from '../src/form-errors';
import { crmContactsByEmail, crmObjects, crmOutageAnswers, eventually, withCrmOutage } from '../src/hubspot-emulator';
import { useBrowserPage } from '../src/use-browser-page';

const PATH = '/api/hubspot/portal/createContactTicket';
const CONSENT_ALERT = 'You must consent to allowing Atlanta Home Cleaning LLC to contact you before submitting.';
const NAME_ERROR = 'Please enter both your first and last name.';

async function openContact(page: Page): Promise<void> {
  await withCookieConsent(page);
  await page.goto(appUrl('/contact'));
  await waitForApp(page);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const submit = (page: Page) => page.getByRole('button', { name: 'Send Message' }).click();

async function fillValid(page: Page, email: string): Promise<void> {
  await field(page, 'First and last name').fill("Mary-Jane O'Brien");
  await field(page, 'Email').fill(email);
  await field(page, 'Phone').fill('(404) 555-7788');
  await field(page, 'Booking ID (optional)').fill('');
  await field(page, 'Reason').selectOption('Service Inquiry');
  await field(page, 'How can we help?').fill('Do you clean inside the oven?');
  await page.getByRole('checkbox', { name: /^I agree to allow/ }).check();
}

function recordRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === PATH) sent.push(request);
  });
  return sent;
}

/** Exactly one HubSpot contact for the e-mail and exactly one ticket on it. */
async function expectOneContactAndTicket(email: string): Promise<void> {
  const contacts = await eventually(
    () => crmContactsByEmail(email),
    (found) => found.length > 0 && (found[0]?.associations.tickets ?? []).length > 0,
  );
  expect(contacts).toHaveLength(1);
  const contactId = contacts[0]?.id ?? '';
  const tickets = (await crmObjects('tickets')).filter((t) => t.associations.contacts?.includes(contactId));
  expect(tickets).toHaveLength(1);
  expect(tickets[0]?.properties.subject).toBe("Service Inquiry: Mary-Jane O'Brien");
  expect(tickets[0]?.properties.content).toBe("Do you clean inside the oven?\n\nSubmitted by: Mary-Jane O'Brien, +14045557788");
}

describe('contact form', { timeout: 90_000 }, () => {
  const browser = useBrowserPage();

  it('shows the section 5 message of every field that is missing or wrong', async () => {
    const { page } = browser;
    const sent = recordRequests(page);
    await openContact(page);
    expect(await field(page, 'Reason').locator('option').allTextContents()).toEqual([
      'Choose a reason',
      'General Question',
      'Service Inquiry',
    ]);
    await submit(page);

    const consent = page.getByRole('alert').filter({ hasText: 'You must consent' });
    await consent.waitFor();
    expect(await consent.textContent()).toBe(CONSENT_ALERT);
    expect(await errorOf(field(page, 'First and last name'))).toBe(NAME_ERROR);
    expect(await errorOf(field(page, 'Email'))).toBe('Please enter a valid email address.');
    expect(await errorOf(field(page, 'Phone'))).toBe('Please enter a valid 10-digit US phone number.');
    expect(await errorOf(field(page, 'Reason'))).toBe('Please choose a reason for contacting us.');
    expect(await errorOf(field(page, 'How can we help?'))).toBe('Please describe how we can help.');
    expect(await errorOf(field(page, 'Booking ID (optional)'))).toBe('');
    await expect.poll(() => field(page, 'First and last name').evaluate((el) => el === document.activeElement)).toBe(true);

    // Two alphabetic words are needed; the message goes once the name is right.
    const name = field(page, 'First and last name');
    for (const wrong of ['Ann', 'Ann 3', 'Ann L33']) {
      await name.fill(wrong);
      await expect.poll(() => errorOf(name)).toBe(NAME_ERROR);
    }
    await name.fill('Ann Lee');
    await expect.poll(() => errorOf(name)).toBe('');
    await field(page, 'Phone').fill('404-555-123');
    await expect.poll(() => errorOf(field(page, 'Phone'))).toBe('Please enter a valid 10-digit US phone number.');
    await field(page, 'Phone').fill('404-555-1234');
    await expect.poll(() => errorOf(field(page, 'Phone'))).toBe('');
    await field(page, 'Email').fill('ann@');
    await expect.poll(() => errorOf(field(page, 'Email'))).toBe('Please enter a valid email address.');
    expect(sent).toHaveLength(0);
  });

  it('sends the ticket, shows the success state, and the worker records one ticket in HubSpot', async () => {
    const { page } = browser;
    const sent = recordRequests(page);
    const email = uniqueEmail('contact');
    await openContact(page);
    await fillValid(page, email);
    await field(page, 'Booking ID (optional)').fill('deal-42');
    await submit(page);

    await page.getByRole('heading', { name: 'Thanks, we got your message' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Thanks, we got your message' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    expect(await page.locator('form').count()).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.postDataJSON()).toEqual({
      name: "Mary-Jane O'Brien",
      email,
      phone: '+14045557788',
      bookingId: 'deal-42',
      reason: 'Service Inquiry',
      description: 'Do you clean inside the oven?',
      agreed: true,
    });
    expect(sent[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    const contacts = await eventually(
      () => crmContactsByEmail(email),
      (found) => (found[0]?.associations.tickets ?? []).length > 0,
    );
    expect(contacts).toHaveLength(1);
    const tickets = (await crmObjects('tickets')).filter((t) => t.associations.contacts?.includes(contacts[0]?.id ?? ''));
    expect(tickets).toHaveLength(1);
    // What the form said about the person stays on the ticket (a form never changes a HubSpot contact).
    expect(tickets[0]?.properties.content).toBe("Do you clean inside the oven?\n\nBooking: deal-42\n\nSubmitted by: Mary-Jane O'Brien, +14045557788");
  });

  it.each([
    ['an error answer', 'Something went wrong. Please try again later.', { status: 500, json: { error: 'boom', code: 'internal' } }],
    ['an answer without success', 'Something went wrong. Please try again later.', { status: 200, json: { success: false } }],
    ['no answer (network failure)', 'There was an error submitting your request.', null],
  ] as const)('shows the section 8 alert for %s and keeps the form', async (_case, message, answer) => {
    const { page, session } = browser;
    await page.route(`**${PATH}`, (route) => (answer ? route.fulfill(answer) : route.abort('connectionrefused')));
    await openContact(page);
    await fillValid(page, uniqueEmail('contact-fail'));
    await submit(page);

    const alert = page.locator('.form-alert');
    await expect.poll(() => alert.textContent()).toBe(message);
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await field(page, 'How can we help?').inputValue()).toBe('Do you clean inside the oven?');
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
    expect(session.takeProblems().every((p) => p.includes('Failed to load resource') || p.startsWith('request failed: POST net::ERR_CONNECTION_REFUSED'))).toBe(true);
  });

  it('is recorded exactly once when HubSpot is down during the submission and comes back later', async () => {
    const { page } = browser;
    const email = uniqueEmail('contact-outage');
    await openContact(page);
    await fillValid(page, email);
    await withCrmOutage(async (recover) => {
      const refusedBefore = await crmOutageAnswers();
      await submit(page);
      await page.getByRole('heading', { name: 'Thanks, we got your message' }).waitFor();
      // The worker met the outage: its push, or its scheduled pull (then it keeps new pushes in the outbox).
      await eventually(crmOutageAnswers, (count) => count > refusedBefore);
      expect(await crmContactsByEmail(email)).toHaveLength(0);
      await recover();
    });
    await expectOneContactAndTicket(email);
  });
});
