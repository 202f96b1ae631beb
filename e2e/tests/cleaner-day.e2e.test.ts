import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { CHECKLISTS } from '@app/shared/cleaning-checklists';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, easternWallTimeToInstant, formatEastern } from '@app/shared/eastern-time';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { hasExifGps, jpegWithGps } from '../../test/photo-fixtures';
import { crmFileContent, crmFiles, crmObjects } from '../src/hubspot-emulator';
import { createPortalCustomer, crmStages, type PortalCustomer } from '../src/portal-customer';
import { signInToPortal } from '../src/portal-login';
import { waitForText } from '../src/sent-texts';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

// A cleaner of the account no other browser test signs in as, and another one.
const CLEANER = SEED_OWNERS[1];
const CLEANER_NAME = `${CLEANER.firstName} ${CLEANER.lastName}`;
const OTHER_CLEANER = SEED_OWNERS[2];

/** The page has no sideways scrolling: everything fits the width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** An Eastern day's wall-clock time as an instant ('2026-12-01', 12 → noon Eastern). */
function easternAtHour(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return easternWallTimeToInstant(y, m, d, hour, 0);
}

/**
 * The cleaner's day on a phone: the customer keeps a door code in the portal; the office marks an
 * owner as a cleaner on the roster; signed in with their own e-mail, the cleaner lands on My day,
 * sees today's cleaning with the home and its code (which the customer then sees was viewed),
 * tomorrow's with the code kept back, adds a photo to today's (it reaches HubSpot without where it
 * was taken), and is refused another cleaner's home and the office pages.
 */
describe('the cleaner signs in to their day at 390 px', () => {
  const office = useBrowserPage();
  const phone = useBrowserPage();
  const home = useBrowserPage();
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(inject('databaseUrl'));
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  /** A cleaning staff schedule in HubSpot for `owner` at `at`; our deal id once mirrored, and HubSpot's. */
  async function scheduled(customer: PortalCustomer, street: string, owner: string, at: Date): Promise<{ id: string; hubspotId: string }> {
    const created = await customer.crm.createDeal(
      { dealname: `Cleaner day ${street} ${at.toISOString()}`, pipeline: crmStages().dealPipelineId, dealstage: crmStages().dealStageId(STAGE.SCHEDULING_IN_PROGRESS), service_type: 'Deep Clean', service_address: street, hubspot_owner_id: owner },
      customer.hubspotContactId,
    );
    await expect.poll(() => db.deal.count({ where: { hubspotId: created.id } }), { timeout: 30_000, interval: 250 }).toBe(1);
    await customer.crm.patchDeal(created.id, { dealstage: crmStages().dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: at.toISOString() });
    const { id } = await db.deal.findFirstOrThrow({ where: { hubspotId: created.id }, select: { id: true } });
    await expect.poll(async () => (await db.deal.findUniqueOrThrow({ where: { id }, select: { stageId: true } })).stageId, { timeout: 30_000, interval: 250 }).toBe(STAGE.CLEANING_SCHEDULED);
    return { id, hubspotId: created.id };
  }

  it('sees the home and its code on the day only, never another cleaner\'s; on my way, started, done; not the office pages', { timeout: 240_000 }, async () => {
    const customer = await createPortalCustomer('cleaner');
    const street = `${randomBytes(3).toString('hex')} Magnolia Ln NE, Atlanta, GA 30306`;
    const today = easternToday();
    const [todays_, tomorrows_, others_] = await Promise.all([
      scheduled(customer, street, CLEANER.id, easternAtHour(today, 12)),
      scheduled(customer, street, CLEANER.id, easternAtHour(addDays(today, 1), 10)),
      scheduled(customer, street, OTHER_CLEANER.id, easternAtHour(today, 15)),
    ]);

    // The customer keeps how to get in, and the door code, in the portal's home profile.
    await withCookieConsent(home.page);
    await signInToPortal(home.page, customer);
    const profile = home.page.getByRole('region', { name: 'Home profile' });
    await profile.getByLabel('How to get in (optional)').fill('Side gate, then the blue door.');
    await profile.getByRole('button', { name: 'Save home profile' }).click();
    await profile.getByText('Home profile saved.').waitFor();
    await profile.getByRole('button', { name: 'Add a code' }).click();
    const addCode = profile.getByRole('form', { name: 'Add a code' });
    await addCode.getByLabel('Kind of code').selectOption({ label: 'Door code' });
    await addCode.getByLabel('Name', { exact: true }).fill('Front door');
    await addCode.getByLabel('Code', { exact: true }).fill('4321');
    await addCode.getByRole('button', { name: 'Save code' }).click();
    await profile.getByText('Code saved. It is sealed: nobody can read it back here, not even you.').waitFor();
    expect(await profile.getByText('4321').count()).toBe(0);

    // The office marks the owner as a cleaner on the roster.
    await withCookieConsent(office.page);
    await signInAsStaff(office.page, 'roster-cleaner');
    await office.page.goto(appUrl('/admin/cleaner-roster'));
    const mark = office.page.getByRole('switch', { name: `${CLEANER_NAME} is a cleaner` });
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
    const cleaningOf = (day: string) => page.getByRole('list', { name: day }).getByRole('listitem').filter({ has: page.getByRole('link', { name: street }) });
    const todays = cleaningOf('Today');
    await todays.waitFor();
    expect(await todays.getByRole('heading', { level: 3 }).innerText()).toMatch(/^12:00 PM · Riley/);
    expect(await todays.getByRole('link', { name: street }).getAttribute('href')).toContain(`query=${encodeURIComponent(street)}`);
    const homeOf = todays.getByRole('group', { name: 'Home of Riley' });
    await homeOf.getByText('Side gate, then the blue door.').waitFor();
    expect(await page.getByRole('link', { name: 'Call the office' }).getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    // Another cleaner's cleaning of the same home is not on this list.
    expect(await todays.count()).toBe(1);

    // The code, on the day: shown in place, then hidden again.
    await homeOf.getByRole('button', { name: 'Show code: Front door' }).click();
    await expect.poll(() => homeOf.locator('[data-revealed-code]').innerText()).toBe('4321');
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await homeOf.getByRole('button', { name: 'Hide code: Front door' }).click();
    expect(await homeOf.locator('[data-revealed-code]').count()).toBe(0);

    // Tomorrow's cleaning keeps the code back; asked anyway, the api refuses it.
    const tomorrows = cleaningOf('Tomorrow');
    await tomorrows.getByText('Shown on the day').waitFor();
    const secret = await db.homeSecret.findFirstOrThrow({ where: { label: 'Front door', contact: { email: customer.email } }, select: { id: true } });
    const reveal = (dealId: string) => page.context().request.post(appUrl(`/api/cleaner/deals/${dealId}/codes/${secret.id}/reveal`), { headers: { 'content-type': 'application/json' }, data: {} });
    const early = await reveal(tomorrows_.id);
    expect([early.status(), ((await early.json()) as { code: string }).code]).toEqual([409, 'not_today']);
    // Another cleaner's cleaning of the same home, today: refused.
    const others = await reveal(others_.id);
    expect([others.status(), ((await others.json()) as { code: string }).code]).toEqual([403, 'not_assigned']);
    expect((await reveal(todays_.id)).status()).toBe(200);

    // The customer sees who saw the code: the cleaner, by first name, twice (button and request).
    await home.page.reload();
    const seen = home.page.getByRole('group', { name: 'Who saw your codes' });
    await expect.poll(() => seen.getByText(new RegExp(`^${CLEANER.firstName} saw “Front door” on `)).count()).toBe(2);

    // On my way (the customer gets a text with the window), started, done with the checklist.
    const visit = todays.getByRole('group', { name: 'Visit at 12:00 PM, Riley' });
    await visit.getByRole('button', { name: 'On my way' }).click();
    await visit.getByRole('group', { name: 'Minutes to arrive' }).getByRole('button', { name: '15 min' }).click();
    await visit.getByRole('button', { name: 'Send: arriving in 15 min' }).click();
    await page.getByRole('status').getByText('On my way: sent. The customer gets a text.').waitFor();
    await waitForText(customer.phone, (body) => new RegExp(`^Atlanta Home Cleaning: ${CLEANER.firstName} is on the way and should arrive between \\d{1,2}:\\d{2} and \\d{1,2}:\\d{2}\\.$`).test(body));
    await visit.getByRole('button', { name: 'Start cleaning' }).click();
    await page.getByRole('status').getByText('Started: recorded.').waitFor();
    // A photo of the cleaning, as the phone's camera writes it: with where it was taken (Exif GPS).
    const gpsPhoto = jpegWithGps();
    expect(hasExifGps(gpsPhoto)).toBe(true);
    await visit.getByLabel('Add photos').setInputFiles({ name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: gpsPhoto });
    await visit.getByRole('listitem').filter({ hasText: 'kitchen.jpg' }).getByText('Added', { exact: true }).waitFor();
    await visit.getByText('Photos added to this cleaning: 1').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await visit.getByRole('button', { name: 'Done' }).click();
    const checklist = page.getByRole('form', { name: 'Checklist: Deep clean' });
    const [skipped, ...ticked] = CHECKLISTS.deep.items;
    for (const { label } of ticked) await checklist.getByRole('checkbox', { name: label, exact: true }).check();
    // One item left unticked needs a reason: refused without one, naming it.
    await checklist.getByRole('button', { name: 'Finish: cleaning done' }).click();
    await checklist.getByText(`${skipped!.label}: Tick it, or say why it was not done (3 to 200 characters).`).waitFor();
    await checklist.getByRole('textbox', { name: `Why not? (${skipped!.label})` }).fill('The customer asked us to leave it.');
    expect(await axeViolations(page)).toEqual([]);
    await checklist.getByRole('button', { name: 'Finish: cleaning done' }).click();
    await page.getByRole('status').getByText('Done: recorded. The office is told.').waitFor();
    // HubSpot has the cleaning done, through the office's close-out.
    await expect
      .poll(async () => (await crmObjects('deals')).find((d) => d.id === todays_.hubspotId)?.properties.dealstage, { timeout: 45_000, interval: 500 })
      .toBe(crmStages().dealStageId(STAGE.CLEANING_DONE));
    // The photo is in HubSpot: one private file, attached to a note on the deal, without the GPS position.
    const photo = await db.visitPhoto.findFirstOrThrow({ where: { dealId: todays_.id }, select: { id: true } });
    await expect.poll(async () => (await db.visitPhoto.findUniqueOrThrow({ where: { id: photo.id }, select: { sentAt: true } })).sentAt, { timeout: 45_000, interval: 500 }).not.toBeNull();
    const files = (await crmFiles()).filter((f) => f.name === photo.id);
    expect(files).toMatchObject([{ access: 'PRIVATE', path: `/cleaning-photos/${photo.id}.jpg`, archived: false }]);
    const notes = (await crmObjects('notes')).filter((n) => n.properties.hs_attachment_ids === files[0]!.id);
    expect(notes.map((n) => n.associations.deals)).toEqual([[todays_.hubspotId]]);
    expect(notes[0]!.properties.hs_note_body).toBe(`Photo from ${CLEANER.firstName}'s cleaning on ${formatEastern(easternAtHour(today, 12))}.`);
    const kept = await crmFileContent(files[0]!.id);
    expect([kept[0], kept[1]]).toEqual([0xff, 0xd8]);
    expect(hasExifGps(kept)).toBe(false);
    expect((await db.visitPhoto.findUniqueOrThrow({ where: { id: photo.id }, select: { bytes: true } })).bytes).toBeNull();

    // The office's pages are not theirs: the page says so and leads back, the api refuses.
    // The page's own sign-in check is refused (403), and says so in the console.
    phone.session.expectErrorStatus(appUrl('/api/auth/me'), 403);
    await page.goto(appUrl('/admin/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'This page is for the office.' }).waitFor();
    expect((await page.context().request.get(appUrl('/api/internal/admin/today'))).status()).toBe(403);
    await page.getByRole('link', { name: 'My day' }).click();
    await page.waitForURL(appUrl('/cleaner'));

    // Unmarked on the roster, the cleaner is signed out at their next request. (My day is closed
    // first: its own polls would log the 401 as a console error.)
    await page.close();
    await mark.click();
    await expect.poll(() => mark.isChecked()).toBe(false);
    await expect.poll(async () => (await page.context().request.get(appUrl('/api/cleaner/me'))).status()).toBe(401);
  });
});
