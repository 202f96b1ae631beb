import { ratingRequestSms } from '@app/shared/cleaning-rating';
import { DEMO_COMPANY } from '@app/shared/company';
import { STAGE } from '@app/shared/deal-stages';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { eventually } from '../src/hubspot-emulator';
import { createPortalCustomer, crmStages } from '../src/portal-customer';
import { textFrom, waitForText } from '../src/sent-texts';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

const TIP_OFFER = / with a tip: (\S+)$/;

/**
 * A tip (docs/payments.md#tips): the office closes a cleaning out as done, the customer rates it 5
 * by text, the thanks links the tip page, the customer gives $20 and pays it on the invoice's
 * payment page, and the office's month of money has the tip for the cleaner.
 */
describe('a tip for the cleaner, from the thanks of a good rating', () => {
  const office = useBrowserPage();
  const home = useBrowserPage();
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(inject('databaseUrl'));
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it('offers the tip in the thanks, takes it on its payment page and counts it for the cleaner', { timeout: 180_000 }, async () => {
    const { page } = office;
    const customer = await createPortalCustomer('tips');
    const created = await customer.crm.createDeal(
      { dealname: `Tip deal ${customer.phoneDigits}`, pipeline: crmStages().dealPipelineId, dealstage: crmStages().dealStageId(STAGE.SCHEDULING_IN_PROGRESS), service_type: 'Standard Clean', hubspot_owner_id: '102' },
      customer.hubspotContactId,
    );
    await expect.poll(() => db.deal.count({ where: { hubspotId: created.id } }), { timeout: 30_000, interval: 250 }).toBe(1);
    await customer.crm.patchDeal(created.id, { dealstage: crmStages().dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: new Date(Date.now() - 3_600_000).toISOString() });
    const deal = await db.deal.findFirstOrThrow({ where: { hubspotId: created.id }, select: { id: true } });
    await expect.poll(async () => (await db.deal.findUniqueOrThrow({ where: { id: deal.id }, select: { stageId: true } })).stageId, { timeout: 30_000, interval: 250 }).toBe(STAGE.CLEANING_SCHEDULED);

    await withCookieConsent(page);
    await signInAsStaff(page, 'tips');
    await page.goto(appUrl(`/admin/cleaning?id=${encodeURIComponent(deal.id)}`));
    await page.getByRole('heading', { level: 1, name: 'Cleaning' }).waitFor();
    await page.getByRole('group', { name: 'Close out the cleaning' }).getByRole('button', { name: 'Done', exact: true }).click();
    await page.getByRole('button', { name: 'Mark this cleaning done' }).click();

    // Rated 5 by text: the thanks offers the tip.
    await waitForText(customer.phone, (body) => body === ratingRequestSms(DEMO_COMPANY.name), 60_000);
    expect((await textFrom(customer.phone, '5')).webhook?.status).toBe(200);
    const thanks = await waitForText(customer.phone, (body) => body.startsWith(`${DEMO_COMPANY.name}: thank you, we're glad it went well!`) && TIP_OFFER.test(body), 60_000);
    const link = TIP_OFFER.exec(thanks)![1]!;
    expect(new URL(link).pathname).toBe('/tip');

    // The customer gives $20 and pays it on the invoice's own page.
    const tipPage = home.page;
    await withCookieConsent(tipPage);
    await tipPage.goto(link);
    await tipPage.getByRole('heading', { level: 1, name: 'Tip your cleaner' }).waitFor();
    expect(await axeViolations(tipPage)).toEqual([]);
    const form = tipPage.getByRole('form', { name: 'Tip' });
    await form.getByRole('radio', { name: '$20.00' }).check();
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    const pay = tipPage.getByRole('button', { name: /^Pay \$20\.00/ });
    await pay.waitFor({ timeout: 60_000 });
    await pay.click();
    await tipPage.getByText('Status: paid').waitFor();

    // The office's month of money has it, for the cleaning's cleaner: its row in the CSV.
    const made = await db.madeInvoice.findFirstOrThrow({ where: { dealId: deal.id, source: 'tip' }, select: { hubspotId: true, ownerId: true } });
    expect(made.ownerId).not.toBeNull();
    const month = await eventually(
      async () => (await db.invoiceRecord.findUnique({ where: { hubspotId: made.hubspotId! }, select: { status: true, issuedOn: true } })) ?? null,
      (record) => record?.status === 'paid',
    );
    const csv = await page.request.get(appUrl(`/api/internal/admin/money.csv?month=${month!.issuedOn!.toISOString().slice(0, 7)}`));
    const row = (await csv.text()).split('\r\n').find((line) => line.includes(`,Tip,`) && line.includes(customer.email));
    expect(row).toMatch(/,Paid\/Settled,20\.00,20\.00,/);
  });
});
