import { ratingApologySms, ratingRequestSms } from '@app/shared/cleaning-rating';
import { DEMO_COMPANY } from '@app/shared/company';
import { STAGE } from '@app/shared/deal-stages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { crmObjects } from '../src/hubspot-emulator';
import { createCrmDeal, createPortalCustomer, crmStages, type PortalCustomer } from '../src/portal-customer';
import { textFrom, textsTo, waitForText } from '../src/sent-texts';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

/** The worker's reminder lead in the browser tests' system (REMINDER_LEAD_HOURS' default). */
const REMINDER_LEAD_MS = 24 * 3_600_000;

/** The SMS communications HubSpot has on the customer's contact, by their words. */
async function loggedTexts(customer: PortalCustomer): Promise<string[]> {
  return (await crmObjects('communications'))
    .filter((c) => c.associations.contacts?.includes(customer.hubspotContactId) && c.properties.hs_communication_channel_type === 'SMS')
    .map((c) => c.properties.hs_communication_body ?? '');
}

/** Opens the customer's page from Customer Lookup, as the office finds a customer. */
async function openCustomer(page: Page, customer: PortalCustomer): Promise<void> {
  await page.goto(appUrl('/admin/lookup'));
  await page.getByLabel('Name, e-mail or phone').fill(customer.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('list', { name: 'Customers found' }).getByRole('button').first().click();
  await page.getByRole('article', { name: 'Riley Portal' }).waitFor();
}

describe('conversations: a customer texts back and the office answers', () => {
  const browser = useBrowserPage();
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(inject('databaseUrl'));
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it('a reply to a reminder reaches the customer page, the answer goes out, and HubSpot logs both', { timeout: 150_000 }, async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('thread');
    // Staff schedule a cleaning a day ahead and a few seconds: its reminder falls due at once.
    // (Nothing is texted about a deal the pull sees for the first time, so it is scheduled after.)
    const dealId = await createCrmDeal(customer, { stage: STAGE.SCHEDULING_IN_PROGRESS, scheduledAt: null, skus: ['deep-1500'], amount: '349' });
    await expect.poll(() => db.deal.count({ where: { hubspotId: dealId } }), { timeout: 30_000, interval: 250 }).toBe(1);
    await customer.crm.patchDeal(dealId, { dealstage: crmStages().dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: new Date(Date.now() + REMINDER_LEAD_MS + 10_000).toISOString() });
    const reminder = await waitForText(customer.phone, (body) => body.includes('reminder: your cleaning is'), 60_000);

    const question = 'Can she come at 10 instead? The gate code is 4512.';
    expect((await textFrom(customer.phone, question)).webhook?.status).toBe(200);

    await withCookieConsent(page);
    const staffEmail = await signInAsStaff(page, 'thread');
    await openCustomer(page, customer);
    const texts = page.getByRole('region', { name: 'Texts' });
    const thread = texts.getByRole('list', { name: 'Texts in and out, newest last' });
    // Newest last: the reminder, then the customer's question, which waits for an answer (after
    // office hours the automatic answer follows it).
    await thread.getByText(question, { exact: true }).waitFor();
    const bodies = () => thread.locator('.thread-body').allInnerTexts();
    const asked = await bodies();
    expect(asked.indexOf(reminder)).toBeGreaterThanOrEqual(0);
    expect(asked.indexOf(question)).toBeGreaterThan(asked.indexOf(reminder));
    await texts.getByText(/^Waiting for an answer for /).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const answer = 'Yes, 10 works. Thanks for the new code!';
    await texts.getByLabel('Reply by text').fill(answer);
    await texts.getByRole('button', { name: 'Send reply' }).click();
    await thread.getByText(answer, { exact: true }).waitFor();
    expect((await bodies()).slice(asked.indexOf(reminder)).filter((body) => !body.includes('Our office is closed now'))).toEqual([reminder, question, answer]);
    const answered = thread.locator('[data-direction="out"]').last();
    expect(await answered.locator('.thread-meta').innerText()).toContain(`by ${staffEmail}`);
    await texts.getByText(/^Waiting for an answer for /).waitFor({ state: 'hidden' });
    // The customer texted minutes ago: the answer goes at once, quiet hours or not.
    await waitForText(customer.phone, (body) => body === answer);
    expect((await textsTo(customer.phone)).filter((m) => m.body === answer)).toHaveLength(1);

    // HubSpot's timeline has both, each once, and the thread says so.
    await expect
      .poll(async () => (await loggedTexts(customer)).filter((body) => body === `Customer: ${question}` || body === `Us (${staffEmail}): ${answer}`).sort(), { timeout: 45_000, interval: 500 })
      .toEqual([`Customer: ${question}`, `Us (${staffEmail}): ${answer}`]);
    await expect.poll(async () => (await page.reload(), await thread.getByText(answer).waitFor(), await thread.getByText(/in HubSpot/).count()), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  });

  it('a rating of 2 is answered with an apology and opens a ticket at the top of the board', { timeout: 150_000 }, async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('rating');
    // A cleaning of this morning, with its cleaner, scheduled in HubSpot once mirrored.
    const dealName = `Rating deal ${customer.phoneDigits}`;
    const created = await customer.crm.createDeal(
      { dealname: dealName, pipeline: crmStages().dealPipelineId, dealstage: crmStages().dealStageId(STAGE.SCHEDULING_IN_PROGRESS), service_type: 'Deep Clean', hubspot_owner_id: '102' },
      customer.hubspotContactId,
    );
    await expect.poll(() => db.deal.count({ where: { hubspotId: created.id } }), { timeout: 30_000, interval: 250 }).toBe(1);
    await customer.crm.patchDeal(created.id, { dealstage: crmStages().dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: new Date(Date.now() - 3_600_000).toISOString() });
    const deal = await db.deal.findFirstOrThrow({ where: { hubspotId: created.id }, select: { id: true } });
    await expect.poll(async () => (await db.deal.findUniqueOrThrow({ where: { id: deal.id }, select: { stageId: true } })).stageId, { timeout: 30_000, interval: 250 }).toBe(STAGE.CLEANING_SCHEDULED);

    // The office closes it out as done, from the cleaning's page.
    await withCookieConsent(page);
    await signInAsStaff(page, 'rating');
    await page.goto(appUrl(`/admin/cleaning?id=${encodeURIComponent(deal.id)}`));
    await page.getByRole('heading', { level: 1, name: 'Cleaning' }).waitFor();
    await page.getByRole('group', { name: 'Close out the cleaning' }).getByRole('button', { name: 'Done', exact: true }).click();
    await page.getByRole('button', { name: 'Mark this cleaning done' }).click();

    // In this system the request goes at once (RATING_REQUEST_DELAY_MINUTES=0), not the next morning.
    await waitForText(customer.phone, (body) => body === ratingRequestSms(DEMO_COMPANY.name), 60_000);
    expect((await textFrom(customer.phone, '2')).webhook?.status).toBe(200);
    await waitForText(customer.phone, (body) => body === ratingApologySms(DEMO_COMPANY.name));

    // The board's first section: the unhappy customer, with the cleaning to open.
    await page.goto(appUrl('/admin/dashboard'));
    const unhappy = page.getByRole('region', { name: /^Unhappy customers/ });
    const item = unhappy.getByRole('listitem').filter({ hasText: 'Rated 2 out of 5 by text: "2"' }).filter({ has: page.getByRole('link', { name: 'Open the cleaning' }) });
    await expect.poll(async () => (await page.reload(), await unhappy.waitFor(), await item.count()), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.locator('.board-section h2').first().getAttribute('id')).toBe('board-unhappy');
    expect(await axeViolations(page)).toEqual([]);
    // And the ticket reaches HubSpot, on the deal.
    await expect
      .poll(async () => (await crmObjects('tickets')).find((t) => t.properties.subject === `Unhappy with a cleaning: ${dealName}`)?.properties.hs_ticket_category, { timeout: 45_000, interval: 500 })
      .toBe('Unhappy Customer');
  });
});
