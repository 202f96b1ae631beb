import { STAGE } from '@app/shared/deal-stages';
import { INVOICE_OPEN, INVOICE_PAID } from '@app/shared/texts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { crmObjects, eventually, type CrmObject } from '../src/hubspot-emulator';
import { createPortalCustomer, crmStages, type PortalCustomer } from '../src/portal-customer';
import { signInToPortal } from '../src/portal-login';
import { waitForText } from '../src/sent-texts';
import { openFromRequests } from '../src/staff-customers';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

/** The HubSpot deal of our deal, once it holds what `done` waits for. */
async function hubspotDeal(dealId: string, done: (deal: CrmObject) => boolean): Promise<CrmObject> {
  const found = await eventually(async () => (await crmObjects('deals')).find((d) => d.properties.app_request_id === dealId), (d) => d !== undefined && done(d));
  return found!;
}
const inStage = (stageId: string) => (deal: CrmObject) => deal.properties.dealstage === crmStages().dealStageId(stageId);

/**
 * The office quotes the customer's request with the first-booking discount, the customer approves
 * it in the portal, and the worker makes its invoice in HubSpot: open, at the quote's total.
 */
async function quoteApprovedInvoice(page: Page, portal: Page, customer: PortalCustomer) {
  const dealId = await openFromRequests(page, customer);
  await page.getByRole('button', { name: 'Quote', exact: true }).click();
  const quoteForm = page.getByRole('form', { name: 'Quote' });
  await quoteForm.getByRole('checkbox', { name: /^First-booking discount/ }).check();
  await quoteForm.getByRole('button', { name: 'Send quote' }).click();
  const quoted = await hubspotDeal(dealId, inStage(STAGE.AWAITING_QUOTE_APPROVAL));
  const total = Number(quoted.properties.amount);
  expect(total).toBeGreaterThan(0);

  await signInToPortal(portal, customer);
  await portal.locator('[data-quote]').getByRole('button', { name: 'Approve' }).click();
  await portal.locator('[data-quote-answer^="approved"]').waitFor();
  await hubspotDeal(dealId, inStage(STAGE.INVOICE_PAYMENT_NEEDED));

  const invoice = (await eventually(
    async () => (await crmObjects('invoices')).find((i) => i.associations.deals?.includes(quoted.id)),
    (i) => i?.properties.hs_invoice_status === 'open',
  ))!;
  expect(Number(invoice.properties.hs_amount_billed)).toBe(total);
  return { dealId, quoted, invoice, total };
}

/**
 * Getting paid with nobody touching HubSpot (docs/payments.md): the office quotes a request with
 * the first-booking discount, the customer approves it in the portal, the worker makes the
 * invoice in HubSpot from the quote's lines, the customer pays it on its payment page, and the
 * cleaning moves on to Scheduling In Progress by itself; the customer gets a receipt and the
 * portal shows the invoice paid. An invoice left unpaid is reminded, with its payment link.
 */
describe('getting paid: a quote approved, its invoice paid, the cleaning moved on', () => {
  const office = useBrowserPage();
  const home = useBrowserPage();

  it('makes the invoice of the approved quote, takes the payment on its page, moves the cleaning on and sends the receipt', { timeout: 240_000 }, async () => {
    const { page } = office;
    const portal = home.page;
    await withCookieConsent(page);
    await withCookieConsent(portal);
    const customer = await createPortalCustomer('pays');
    await signInAsStaff(page, 'pays');

    const { dealId, quoted, invoice, total } = await quoteApprovedInvoice(page, portal, customer);
    const lines = (await crmObjects('line_items')).filter((l) => invoice.associations.line_items?.includes(l.id));
    expect(lines.find((l) => l.properties.name === 'First-booking discount (10%)')?.properties.price).toMatch(/^-\d+\.\d{2}$/);
    expect(lines.reduce((sum, l) => sum + Math.round(Number(l.properties.price) * 100), 0)).toBe(Math.round(total * 100));

    // The office sees on the cleaning's page that the product made it.
    await expect
      .poll(async () => (await page.locator('[data-made-invoice="made"]').textContent().catch(() => null)) ?? (await page.reload(), ''), { timeout: 30_000, interval: 1_000 })
      .toMatch(/Made in HubSpot from the approved quote on /);

    // The portal offers to pay it; the customer pays on the invoice's page.
    const card = portal.locator(`[data-deal-id="${dealId}"]`);
    const pay = card.getByRole('link', { name: /^Pay \$/ });
    await expect.poll(async () => (await pay.isVisible()) || (await portal.reload(), false), { timeout: 60_000, interval: 1_000 }).toBe(true);
    expect(await card.locator('[data-invoice]').innerText()).toContain(INVOICE_OPEN);
    expect(await axeViolations(portal)).toEqual([]);
    const [checkout] = await Promise.all([portal.waitForEvent('popup'), pay.click()]);
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await checkout.getByText('Status: paid').waitFor();
    await checkout.close();

    // Nobody touches the deal: it moves on to be scheduled, noted with the payment.
    await hubspotDeal(dealId, inStage(STAGE.SCHEDULING_IN_PROGRESS));
    const notes = await eventually(
      async () => (await crmObjects('notes')).filter((n) => (n.properties.hs_note_body ?? '').startsWith('Paid $') && n.associations.deals?.includes(quoted.id)),
      (found) => found.length > 0,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.properties.hs_note_body).toMatch(/Moved to Scheduling In Progress, to be scheduled\.$/);

    // The customer's receipt, and the portal shows the invoice paid.
    await waitForText(customer.phone, (body) => /^Atlanta Home Cleaning: thank you, we received your payment of \$[\d,]+\.\d{2} for [A-Z]{3}-[A-Z0-9]{4}\. Receipt: /.test(body), 60_000);
    await expect.poll(async () => (await card.locator('[data-invoice]').innerText().catch(() => '')).includes(INVOICE_PAID) || (await portal.reload(), false), { timeout: 60_000, interval: 1_000 }).toBe(true);
    expect(await card.getByRole('link', { name: /^Pay \$/ }).count()).toBe(0);

    // The office's month of money has it paid: the page, and its invoice's row in the CSV.
    const month = invoice.properties.hs_invoice_date!.slice(0, 7);
    await page.goto(appUrl(`/admin/money?month=${month}`));
    await page.getByRole('heading', { level: 1, name: 'Money' }).waitFor();
    await page.getByText(/^Outstanding on /).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const csvLink = page.getByRole('link', { name: "Download the month's invoices (CSV)" });
    const csv = await eventually(
      async () => (await page.request.get(appUrl((await csvLink.getAttribute('href'))!))).text(),
      (text) => text.split('\r\n').some((row) => row.startsWith(`${invoice.properties.hs_number},Cleaning,`) && row.includes(',Paid/Settled,')),
    );
    expect(csv.split('\r\n')[0]).toMatch(/^Invoice,Kind,Customer,/);
  });

  it('reminds the customer of an invoice left unpaid, with the link that pays it', { timeout: 240_000 }, async () => {
    const { page } = office;
    const portal = home.page;
    await withCookieConsent(page);
    await withCookieConsent(portal);
    const customer = await createPortalCustomer('reminded');
    await signInAsStaff(page, 'reminded');
    const { invoice } = await quoteApprovedInvoice(page, portal, customer);
    // Here a reminder comes 10 s after the invoice opens (INVOICE_REMINDER_DELAY_SECONDS), not 3 days past its due date.
    const reminder = await waitForText(customer.phone, (body) => body.includes('a reminder, your invoice for'), 60_000);
    expect(reminder).toMatch(/^Atlanta Home Cleaning: a reminder, your invoice for \$[\d,]+\.\d{2} \([A-Z]{3}-[A-Z0-9]{4}\) is still unpaid\. Pay online: \S+$/);
    expect(reminder.endsWith(`Pay online: ${invoice.properties.hs_invoice_link}`)).toBe(true);
    // The link opens the invoice's payment page.
    await portal.goto(invoice.properties.hs_invoice_link!);
    await portal.getByRole('button', { name: /^Pay \$/ }).waitFor();
  });
});
