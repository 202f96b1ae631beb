import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday } from '@app/shared/eastern-time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMAIL_SKIP_REASONS } from '../../worker/src/email/email-send';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { launchBrowser } from '../src/browser';
import { waitForApp, withCookieConsent } from '../src/consent';
import { uniqueEmail } from '../src/form-errors';
import { crmObjects, eventually } from '../src/hubspot-emulator';
import { closeMailbox, inboxPageFor, mailTo, waitForMail, type InboxMail } from '../src/mail-inbox';
import { crm, crmStages, easternAt, type PortalCustomer } from '../src/portal-customer';
import { signInToPortal } from '../src/portal-login';
import { textsTo } from '../src/sent-texts';
import { openStaffCustomer } from '../src/staff-customers';
import { signInAsStaff } from '../src/staff-session';
import { uniquePhone } from '../src/unique-phone';
import { useBrowserPage } from '../src/use-browser-page';

const PHONE = { width: 390, height: 844 };
const NAME = 'Morgan Mailonly';

/** The customer reads an e-mail in the dev inbox as their mail program shows it; answers its frame. */
async function openInInbox(page: Page, to: string, mail: InboxMail) {
  await page.goto(inboxPageFor(to));
  await page.getByRole('link', { name: mail.subject, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: mail.subject }).waitFor();
  const frame = page.frameLocator('iframe[title="The message"]');
  await frame.locator('body').waitFor();
  return frame;
}

/** The e-mail's HTML fits a 390 px phone in both colour schemes, and follows the scheme. */
async function readableOnPhone(page: Page, to: string, mail: InboxMail) {
  const looks: { scheme: string; fits: boolean; dark: boolean }[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const frame = await openInInbox(page, to, mail);
    looks.push(
      await frame.locator('body').evaluate((body, scheme) => {
        const [r, g, b] = (getComputedStyle(body).backgroundColor.match(/\d+/g) ?? ['255', '255', '255']).map(Number) as [number, number, number];
        return { scheme, fits: body.ownerDocument.documentElement.scrollWidth <= body.ownerDocument.documentElement.clientWidth, dark: r + g + b < 3 * 96 };
      }, scheme),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return looks;
}

/**
 * E-mail beside texts, proved: a customer who leaves the text box unticked and asks to be reached by e-mail
 * books on the real form, finds the confirmation with the reference in the local inbox, opens the
 * quote e-mail's link (signed out: through sign-in, back to the quote), approves it and gets the
 * confirmation once the office schedules. Their mailbox then closes: the provider's bounce report
 * stops the next e-mail, and the office's customer page says why.
 */
describe('a customer reached by e-mail only, end to end', () => {
  const home = useBrowserPage();

  it('books, reads the confirmation, approves the quote from its e-mail, is confirmed; a bounce stops the next e-mail', { timeout: 300_000 }, async () => {
    const page = home.page;
    await page.setViewportSize(PHONE);
    await withCookieConsent(page);
    const email = uniqueEmail('mailonly');
    const { digits } = await uniquePhone();

    // The real form at 390 px: the text box left alone, "Email" as the way to reach them.
    await page.goto(appUrl('/booking?service=Deep%20Clean'));
    await waitForApp(page);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Square footage').selectOption('1500');
    await field('Preferred date').fill(addDays(easternToday(), 10));
    await field('Time of day').selectOption('morning');
    await page.getByRole('radio', { name: 'Virtual' }).check();
    await field('Full name').fill(NAME);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await field('Phone').fill(digits);
    await page.getByRole('radio', { name: 'Email', exact: true }).check();
    await field('Street address').fill('75 Fifth St NW');
    await field('City').fill('Atlanta');
    await field('State').fill('GA');
    await field('Zip code').fill('30308');
    await page.getByRole('checkbox', { name: /^I agree to allow/ }).check();
    await page.getByRole('button', { name: 'Request My Cleaning' }).click();
    await page.waitForURL(/\/booking\/confirmation\?dealId=/, { timeout: 15_000 });
    const dealId = new URL(page.url()).searchParams.get('dealId') ?? '';
    const reference = (await page.getByTestId('reference-id').textContent()) ?? '';
    expect(reference).toMatch(/^ATL-/);

    // The confirmation with the reference, in the inbox; no text (the box was unticked).
    const received = await waitForMail(email, (s) => s === `We got your cleaning request ${reference}`);
    let frame = await openInInbox(page, email, received);
    expect(await frame.locator('body').innerText()).toContain(`Your reference is ${reference}`);
    expect(await readableOnPhone(page, email, received)).toEqual([
      { scheme: 'light', fits: true, dark: false },
      { scheme: 'dark', fits: true, dark: true },
    ]);
    expect(await textsTo(`+1${digits}`)).toEqual([]);

    // The office quotes it from the staff area once the booking is in HubSpot.
    await expect
      .poll(async () => ((await (await fetch(appUrl(`/api/hubspot/portal/bookingStatus?dealId=${dealId}`))).json()) as { syncedToCrm: boolean }).syncedToCrm, { timeout: 60_000, interval: 250 })
      .toBe(true);
    const office = await launchBrowser();
    try {
      const staff = await office.newPage();
      await staff.setViewportSize({ width: 1366, height: 900 });
      await withCookieConsent(staff);
      await signInAsStaff(staff, 'mailonly');
      await staff.goto(appUrl(`/admin/cleaning?id=${encodeURIComponent(dealId)}`));
      await staff.getByRole('button', { name: 'Quote', exact: true }).click();
      const quoteForm = staff.getByRole('form', { name: 'Quote' });
      const total = (await quoteForm.locator('tfoot td').textContent()) ?? '';
      await quoteForm.getByRole('button', { name: 'Send quote' }).click();

      // The quote's e-mail: its total, and a link to the quote in the portal, opened signed out.
      const quoted = await waitForMail(email, (s) => s === `Your quote for ${reference} is ready`, 60_000);
      frame = await openInInbox(page, email, quoted);
      expect(await frame.locator('body').innerText()).toContain(`Your quote for ${reference} is ${total}`);
      const link = (await frame.getByRole('link', { name: 'Review and approve' }).getAttribute('href')) ?? '';
      expect(new URL(link).hash).toBe(`#deal-${dealId}`);
      expect(await readableOnPhone(page, email, quoted)).toEqual([
        { scheme: 'light', fits: true, dark: false },
        { scheme: 'dark', fits: true, dark: true },
      ]);
      await page.goto(link);
      await page.waitForURL(appUrl('/login'));
      const customer: PortalCustomer = { email, phone: `+1${digits}`, phoneDigits: digits, squareFootage: 1500, hubspotContactId: '', crm: crm() };
      // Signed in from the page the link led to, which remembers the card.
      await signInToPortal(page, customer, { from: 'here', landing: `/portal#deal-${dealId}` });
      // Chromium reported the 401 of the portal's session check while signed out, as expected.
      expect(home.session.takeProblems().filter((p) => !(p.includes('status of 401') && p.includes('/api/portal/me')))).toEqual([]);
      // Back at that cleaning's card, in focus, the quote on it.
      const card = page.locator(`#deal-${dealId}`);
      await expect.poll(() => card.evaluate((el) => el === document.activeElement), { timeout: 30_000 }).toBe(true);
      const quote = card.locator('[data-quote]');
      await quote.getByRole('button', { name: 'Approve' }).click();
      await quote.locator('[data-quote-answer^="approved"]').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // Once HubSpot has the answer, the office schedules it there: the confirmation e-mail.
      const stages = crmStages();
      const remote = await eventually(
        async () => (await crmObjects('deals')).find((d) => d.properties.app_request_id === dealId),
        (d) => d?.properties.dealstage === stages.dealStageId(STAGE.INVOICE_PAYMENT_NEEDED),
        60_000,
      );
      const at = easternAt(10, 10);
      await crm().patchDeal(remote!.id, { dealstage: stages.dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: at.toISOString() });
      const confirmed = await waitForMail(email, (s) => s.startsWith('Your cleaning is confirmed for'), 60_000);
      frame = await openInInbox(page, email, confirmed);
      expect(await frame.locator('body').innerText()).toContain(`Your cleaning ${reference} is confirmed for`);

      // The mailbox closes. The office moves the cleaning: that e-mail goes and bounces, and
      // e-mail to the address stops; the office's customer page says so.
      await closeMailbox(email);
      await crm().patchDeal(remote!.id, { scheduledAt: easternAt(11, 10).toISOString() });
      const moved = await waitForMail(email, (s) => s.startsWith(`Your cleaning ${reference} has moved to`), 60_000);
      expect(moved.outcomes[email]).toBe('bounced');
      await staff.goto(appUrl('/admin/dashboard'));
      await waitForApp(staff);
      let context = await openStaffCustomer(staff, email, NAME);
      const sent = () => context.getByRole('region', { name: 'What we sent' });
      const standing = () => sent().locator('[data-email-standing]').innerText();
      /** The customer page opened afresh (it does not poll), with what we sent loaded. */
      const reopened = async () => {
        await staff.reload();
        await waitForApp(staff);
        context = await openStaffCustomer(staff, email, NAME);
        await sent().locator('[data-email-standing]').waitFor();
      };
      await expect
        .poll(
          async () => {
            await reopened();
            return standing();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toMatch(/: stopped, it bounced on .+ \(550 5\.1\.1 .+\)\. Nothing is e-mailed until the customer asks for it again in the portal\.$/);
      expect(await standing()).toContain(`E-mail to ${email}: stopped`);

      // Moved once more: that e-mail is not sent, and the office's page says why.
      await crm().patchDeal(remote!.id, { scheduledAt: easternAt(12, 10).toISOString() });
      await expect
        .poll(
          async () => {
            await reopened();
            return sent().locator('tr[data-notice="rescheduled"] td[data-label="E-mail"]').allInnerTexts();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toEqual([expect.stringContaining(EMAIL_SKIP_REASONS.bounced), expect.stringMatching(/^Failed: it bounced \(550 5\.1\.1 /)]);
      expect((await mailTo(email)).filter((m) => m.subject.startsWith(`Your cleaning ${reference} has moved to`))).toHaveLength(1);
      expect(await axeViolations(staff)).toEqual([]);
      await staff.close();
      expect(office.takeProblems()).toEqual([]);
    } finally {
      await office.close();
    }
  });
});
