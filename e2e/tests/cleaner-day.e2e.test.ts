import { randomBytes } from 'node:crypto';
import { STAGE } from '@app/shared/deal-stages';
import type { Page } from 'playwright-core';
import { easternToday } from '@app/shared/eastern-time';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { createPortalCustomer, crmStages } from '../src/portal-customer';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

// A cleaner of the account no other browser test signs in as.
const CLEANER = SEED_OWNERS[1];
const CLEANER_NAME = `${CLEANER.firstName} ${CLEANER.lastName}`;

/** The page has no sideways scrolling: everything fits the width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/**
 * The cleaner's day on a phone: the office marks an owner as a cleaner on the roster; signed in
 * with their own e-mail, the cleaner lands on My day, sees the cleaning assigned to them, and is
 * refused the office's pages.
 */
describe('the cleaner signs in to their day at 390 px', () => {
  const office = useBrowserPage();
  const phone = useBrowserPage();
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(inject('databaseUrl'));
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it('the roster marks a cleaner, who sees their cleaning on My day and not the office pages', { timeout: 150_000 }, async () => {
    const customer = await createPortalCustomer('cleaner');
    const street = `${randomBytes(3).toString('hex')} Magnolia Ln NE, Atlanta, GA 30306`;
    // In two hours: on today's list, or on tomorrow's late in the evening.
    const at = new Date(Date.now() + 2 * 3_600_000);
    const created = await customer.crm.createDeal(
      { dealname: `Cleaner day ${street}`, pipeline: crmStages().dealPipelineId, dealstage: crmStages().dealStageId(STAGE.SCHEDULING_IN_PROGRESS), service_type: 'Deep Clean', service_address: street, hubspot_owner_id: CLEANER.id },
      customer.hubspotContactId,
    );
    await expect.poll(() => db.deal.count({ where: { hubspotId: created.id } }), { timeout: 30_000, interval: 250 }).toBe(1);
    await customer.crm.patchDeal(created.id, { dealstage: crmStages().dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: at.toISOString() });

    // The office marks the owner as a cleaner on the roster.
    const { page: officePage } = office;
    await withCookieConsent(officePage);
    await signInAsStaff(officePage, 'roster-cleaner');
    await officePage.goto(appUrl('/admin/cleaner-roster'));
    const mark = officePage.getByRole('switch', { name: `${CLEANER_NAME} is a cleaner` });
    await mark.waitFor();
    if (!(await mark.isChecked())) await mark.click();
    await expect.poll(() => mark.isChecked()).toBe(true);

    // The cleaner signs in with their e-mail, on a phone, and lands on My day.
    const { page } = phone;
    await page.setViewportSize({ width: 390, height: 844 });
    await withCookieConsent(page);
    await page.goto(appUrl(`/api/auth/google?login_hint=${encodeURIComponent(CLEANER.email)}`));
    await page.waitForURL(appUrl('/cleaner'));
    await page.getByRole('heading', { level: 1, name: 'My day' }).waitFor();
    const day = easternToday(at) === easternToday() ? 'Today' : 'Tomorrow';
    const list = page.getByRole('list', { name: day });
    const item = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: street }) });
    await expect.poll(async () => (await page.reload(), await page.getByRole('heading', { level: 1, name: 'My day' }).waitFor(), await item.count()), { timeout: 30_000 }).toBe(1);
    expect(await item.getByRole('heading', { level: 3 }).innerText()).toMatch(/^\d{1,2}:\d{2} [AP]M · Riley$/);
    expect(await item.getByRole('link', { name: street }).getAttribute('href')).toContain(`query=${encodeURIComponent(street)}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    // The office's pages are not theirs: the page says so and leads back, the api refuses.
    // The page's own sign-in check is refused (403), and says so in the console.
    phone.session.expectErrorStatus(appUrl('/api/auth/me'), 403);
    await page.goto(appUrl('/admin/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'This page is for the office.' }).waitFor();
    expect((await page.context().request.get(appUrl('/api/internal/admin/today'))).status()).toBe(403);
    await page.getByRole('link', { name: 'My day' }).click();
    await page.waitForURL(appUrl('/cleaner'));

    // Unmarked on the roster, the cleaner is signed out at their next request.
    await mark.click();
    await expect.poll(() => mark.isChecked()).toBe(false);
    await expect.poll(async () => (await page.context().request.get(appUrl('/api/cleaner/me'))).status()).toBe(401);
  });
});
