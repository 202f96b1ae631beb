import { STAGE } from '@app/shared/deal-stages';
import { INVOICE_OPEN, INVOICE_PAID } from '@app/shared/texts';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { crmObjects, eventually, type CrmObject } from '../src/hubspot-emulator';
import { createPortalCustomer, crmStages } from '../src/portal-customer';
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
 * Getting paid with nobody touching HubSpot (docs/payments.md): the office quotes a request with
 * the first-booking discount, the customer approves it in the portal, the worker makes the
 * invoice in HubSpot from the quote's lines, the customer pays it on its payment page, and the
 * cleaning moves on to Scheduling In Progress by itself; the customer gets a receipt and the
 * portal shows the invoice paid.
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

    // The office quotes the request with the first-booking discount.
    const dealId = await openFromRequests(page, customer);
    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    const quoteForm = page.getByRole('form', { name: 'Quote' });
    await quoteForm.getByRole('checkbox', { name: /^First-booking discount/ }).check();
    await quoteForm.getByRole('button', { name: 'Send quote' }).click();
    const quoted = await hubspotDeal(dealId, inStage(STAGE.AWAITING_QUOTE_APPROVAL));
    const total = Number(quoted.properties.amount);
    expect(total).toBeGreaterThan(0);

    // The customer approves it in the portal.
    await signInToPortal(portal, customer);
    await portal.locator('[data-quote]').getByRole('button', { name: 'Approve' }).click();
    await portal.locator('[data-quote-answer^="approved"]').waitFor();
    await hubspotDeal(dealId, inStage(STAGE.INVOICE_PAYMENT_NEEDED));

    // The worker makes the invoice in HubSpot: open, the quote's total, its discount a line of its own.
    const invoice = (await eventually(
      async () => (await crmObjects('invoices')).find((i) => i.associations.deals?.includes(quoted.id)),
      (i) => i?.properties.hs_invoice_status === 'open',
    ))!;
    expect(Number(invoice.properties.hs_amount_billed)).toBe(total);
    const lines = (await crmObjects('line_items')).filter((l) => invoice.associations.line_items?.includes(l.id));
    expect(lines.find((l) => l.properties.name === 'First-booking discount (10%)')?.properties.price).toMatch(/^-\d+\.\d{2}$/);
    expect(lines.reduce((sum, l) => sum + Math.round(Number(l.properties.price) * 100), 0)).toBe(Math.round(total * 100));

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
  });
});
