import { STAGE } from '@app/shared/deal-stages';
import { formatEastern } from '@app/shared/eastern-time';
import { INVOICE_TO_PAY_NEXT, QUOTE_APPROVED_NEXT } from '@app/shared/portal-next-step';
import { CANCEL_BUTTON, CHANGE_BUTTON, CHANGE_LOCKED_24H, CLEANING_TIME_PASSED, CLEANING_TIME_PASSED_NEXT, INVOICE_OPEN } from '@app/shared/texts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { hasFocus, tabOrderGaps, tabTo } from '../src/keyboard';
import { createCrmDeal, createPortalCustomer, easternAt, type PortalCustomer } from '../src/portal-customer';
import { requestLoginCode } from '../src/portal-login';
import { textsTo, waitForText } from '../src/sent-texts';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

const HOUR = 3_600_000;

/** The page has no sideways scrolling: everything fits the width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Signs in on the login page, checking that the code's end reads in Eastern Time (§1). */
async function signIn(page: Page, customer: PortalCustomer): Promise<void> {
  const before = new Set((await textsTo(customer.phone)).map((m) => m.body));
  await requestLoginCode(page, customer);
  await page.getByLabel('Verification Code').waitFor();
  await page.getByText(/The code works until (1[0-2]|[1-9]):[0-5]\d (AM|PM) ET\./).waitFor();
  const text = await waitForText(customer.phone, (body) => !before.has(body) && /\b\d{6}\b/.test(body));
  await page.getByLabel('Verification Code').fill(/\b(\d{6})\b/.exec(text)?.[1] ?? '');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(appUrl('/portal'));
}

/**
 * The portal says what to do: a customer with a quote to answer, an invoice to pay and a
 * cleaning whose time has passed (not closed out) sees them summed up at the top, the passed
 * cleaning locked with why, approves the quote from the summary and reads what comes next.
 * The quote is the office's, sent through the staff api as its page sends it; the other
 * cleanings are made in HubSpot and reach the portal through the worker's pull.
 */
describe('the portal says what needs doing', () => {
  const home = useBrowserPage();
  const office = useBrowserPage();

  it('sums up the quote and the invoice, locks the passed cleaning, and says what follows the approval, at 390 and 1366 px', { timeout: 240_000 }, async () => {
    const { page } = home;
    await page.setViewportSize({ width: 390, height: 844 });
    await withCookieConsent(page);
    const customer = await createPortalCustomer('todo');
    const passedAt = new Date(Math.floor((Date.now() - 4 * HOUR) / 60_000) * 60_000);
    const nextWeek = easternAt(7, 11);
    await createCrmDeal(customer, { stage: STAGE.CLEANING_SCHEDULED, scheduledAt: passedAt, skus: ['basic-1500'], amount: '209' });
    await createCrmDeal(customer, { stage: STAGE.CLEANING_SCHEDULED, scheduledAt: nextWeek, skus: ['deep-1500'], amount: '349', invoice: { status: 'open', number: 'TODO-1' } });

    await signIn(page, customer);
    // The booking the customer made: the office quotes it a weekly clean, as its quote form sends it.
    const { upcoming } = (await (await page.request.get(appUrl('/api/portal/deals'))).json()) as { upcoming: { id: string; dealstage: string }[] };
    const requested = upcoming.find((d) => d.dealstage === STAGE.CLEAN_REQUESTED);
    expect(requested).toBeDefined();
    await withCookieConsent(office.page);
    await signInAsStaff(office.page, 'todo');
    const details = (await (await office.page.request.get(appUrl(`/api/internal/admin/deals/${requested!.id}`))).json()) as { version: string | null };
    const sent = await office.page.request.post(appUrl(`/api/internal/admin/deals/${requested!.id}/quote`), {
      data: { serviceType: 'Recurring Clean', squareFootage: 1500, visitType: 'basic', frequency: 'weekly', addOns: [], firstBookingDiscount: true, seenModifiedAt: details.version },
    });
    expect(sent.status(), await sent.text()).toBe(202);

    // The summary, once the pull has brought the cleanings and the quote reached HubSpot.
    const strip = page.getByRole('region', { name: 'Needs your attention' });
    const items = strip.getByRole('listitem');
    await expect
      .poll(async () => (await strip.count()) > 0 && (await strip.locator('[data-attention-item]').evaluateAll((els) => els.map((el) => el.getAttribute('data-attention-item')))), { timeout: 90_000, interval: 500 })
      .toEqual(['quote', 'invoice']);
    const quoteLink = strip.getByRole('link', { name: /^Approve or decline your quote of \$\d+\.\d\d$/ });
    expect(await strip.getByRole('link', { name: 'Pay your invoice of $349.00' }).count()).toBe(1);
    // Each names its cleaning by its reference.
    expect(await items.allTextContents()).toEqual([expect.stringMatching(/ATL-[2-9A-HJKMNP-Z]{4,}$/), expect.stringMatching(/ATL-[2-9A-HJKMNP-Z]{4,}$/)]);
    // First on the page: before the customer's details and the cards.
    expect(await page.locator('.portal > *').first().getAttribute('data-attention')).toBe('');

    // The passed cleaning: locked, saying its time has passed, not offering a change.
    const passedCard = page.locator('article.deal-card').filter({ hasText: formatEastern(passedAt) });
    await passedCard.waitFor();
    expect(await passedCard.getByRole('button', { name: CHANGE_BUTTON, exact: true }).isDisabled()).toBe(true);
    expect(await passedCard.getByRole('button', { name: CANCEL_BUTTON, exact: true }).isDisabled()).toBe(true);
    expect(await passedCard.locator('[data-manage-message]').textContent()).toBe(CLEANING_TIME_PASSED);
    expect(await passedCard.locator('[data-manage-message]').textContent()).not.toBe(CHANGE_LOCKED_24H);
    expect(await passedCard.locator('[data-passed-next]').textContent()).toBe(CLEANING_TIME_PASSED_NEXT);
    // The next week's cleaning stays changeable.
    const nextWeekCard = page.locator('article.deal-card').filter({ hasText: formatEastern(nextWeek) });
    expect(await nextWeekCard.getByRole('button', { name: CHANGE_BUTTON, exact: true }).isEnabled()).toBe(true);

    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    expect(await tabOrderGaps(page, strip)).toEqual({ unreachable: [], invisible: [] });

    // From the summary to the quote by keyboard: the link leads to its card, which takes focus.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, quoteLink);
    await page.keyboard.press('Enter');
    const quotedCard = page.locator(`article.deal-card[data-deal-id="${requested!.id}"]`);
    await expect.poll(() => hasFocus(quotedCard)).toBe(true);
    expect(await quotedCard.locator('[data-status]').textContent()).toBe('Awaiting Quote Approval');
    const quote = quotedCard.locator('[data-quote]');
    expect(await quote.locator('[data-quote-frequency]').textContent()).toBe('Recurring clean: Weekly');
    await tabTo(page, quote.getByRole('button', { name: 'Approve' }));
    await page.keyboard.press('Enter');

    // What comes next, at once (said under the quote while the answer is on its way, then by the
    // card once HubSpot has it: one sentence either way); the summary no longer asks for the answer.
    await quote.locator('[data-quote-answer^="approved"]').waitFor();
    await expect.poll(() => quotedCard.locator('[data-next-step]').allTextContents()).toEqual([QUOTE_APPROVED_NEXT]);
    await expect.poll(() => strip.locator('[data-attention-item]').evaluateAll((els) => els.map((el) => el.getAttribute('data-attention-item')))).toEqual(['invoice']);

    // Once HubSpot has the answer: Invoice Payment Needed, the quote agreed to, and its invoice,
    // which the worker makes from the quote (docs/payments.md), to pay online as the next step says.
    await page.setViewportSize({ width: 1366, height: 900 });
    const approvedCard = quotedCard;
    await expect.poll(() => approvedCard.locator('[data-status]').textContent(), { timeout: 60_000, interval: 500 }).toBe('Invoice Payment Needed');
    await expect.poll(() => approvedCard.locator('[data-invoice]').textContent(), { timeout: 60_000, interval: 500 }).toContain(INVOICE_OPEN);
    expect(await approvedCard.locator('[data-next-step]').allTextContents()).toEqual([INVOICE_TO_PAY_NEXT]);
    expect(await approvedCard.locator('[data-quote-answer]').textContent()).toBe('You approved this quote.');
    expect(await approvedCard.locator('[data-quote-frequency]').textContent()).toBe('Recurring clean: Weekly');
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    expect(await tabOrderGaps(page, page.getByRole('main'))).toEqual({ unreachable: [], invisible: [] });
  });
});
