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
  async function scheduled(customer: PortalCustomer, street: string, owner: string, at: Date, skus = 'deep-1500'): Promise<{ id: string; hubspotId: string }> {
    const created = await customer.crm.createDeal(
      { dealname: `Cleaner day ${street} ${at.toISOString()}`, pipeline: crmStages().dealPipelineId, dealstage: crmStages().dealStageId(STAGE.SCHEDULING_IN_PROGRESS), service_type: 'Deep Clean', service_address: street, hubspot_owner_id: owner, external_skus: skus },
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
      // Today's with a paid add-on: the oven, which the checklist then lists.
      scheduled(customer, street, CLEANER.id, easternAtHour(today, 12), 'deep-1500;addon-oven'),
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

    // On my way in one tap, from the keyboard: the default window (15 minutes), which could be
    // changed below the button. The customer's text gives both ends of the window with AM/PM.
    const visit = todays.getByRole('group', { name: 'Visit at 12:00 PM, Riley' });
    expect(await visit.getByLabel('Minutes to arrive').inputValue()).toBe('15');
    await visit.getByText('Riley gets a text: arriving in about 15 min.').waitFor();
    await visit.getByLabel('Minutes to arrive').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('On my way');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('On my way: sent. The customer gets a text.').waitFor();
    await waitForText(customer.phone, (body) => new RegExp(`^Atlanta Home Cleaning: ${CLEANER.firstName} is on the way and should arrive between \\d{1,2}:\\d{2} (AM|PM) and \\d{1,2}:\\d{2} (AM|PM)\\.$`).test(body));
    await visit.getByRole('button', { name: 'Start cleaning' }).click();
    await page.getByRole('status').getByText('Started: recorded.').waitFor();

    // From Start on, the checklist goes along: the deep clean's items and the paid oven, ticked as
    // the cleaner goes, each tick kept by the api at once.
    const asYouGo = visit.getByRole('region', { name: 'Checklist: Deep clean' });
    const total = CHECKLISTS.deep.items.length + 1;
    await asYouGo.getByText(`0 of ${total} ticked · saved as you go`).waitFor();
    const [skipped, ...ticked] = CHECKLISTS.deep.items;
    const labels = [...ticked.map((i) => i.label), 'Inside the oven'];
    await asYouGo.getByRole('group', { name: 'Add-ons' }).getByRole('checkbox', { name: 'Inside the oven' }).waitFor();
    for (const label of labels) await asYouGo.getByRole('checkbox', { name: label, exact: true }).check();
    await expect.poll(async () => (await db.cleaningVisit.findUniqueOrThrow({ where: { dealId: todays_.id }, select: { tickedItems: true } })).tickedItems.length).toBe(labels.length);
    expect(await axeViolations(page)).toEqual([]);
    // A reload keeps the ticks (they are the api's, not the page's).
    await page.reload();
    await asYouGo.getByText(`${labels.length} of ${total} ticked · saved as you go`).waitFor();
    for (const label of labels) expect(await asYouGo.getByRole('checkbox', { name: label, exact: true }).isChecked(), label).toBe(true);
    expect(await asYouGo.getByRole('checkbox', { name: skipped!.label, exact: true }).isChecked()).toBe(false);

    // A photo of the cleaning, as the phone's camera writes it: with where it was taken (Exif GPS).
    // Before it is sent: its thumbnail, Before or After, and Remove.
    const gpsPhoto = jpegWithGps();
    expect(hasExifGps(gpsPhoto)).toBe(true);
    await visit.getByLabel('Add photos').setInputFiles([
      { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: gpsPhoto },
      { name: 'blurry.jpg', mimeType: 'image/jpeg', buffer: gpsPhoto },
    ]);
    const toSend = visit.getByRole('list', { name: 'Photos to send' });
    await toSend.getByRole('img', { name: 'Photo 1, after' }).waitFor();
    await expect.poll(() => toSend.getByRole('img', { name: 'Photo 1, after' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    await toSend.getByRole('group', { name: 'Photo 1: before or after?' }).getByRole('radio', { name: 'Before' }).check();
    await toSend.getByRole('img', { name: 'Photo 1, before' }).waitFor();
    await toSend.getByRole('button', { name: 'Remove photo 2' }).click();
    expect(await toSend.getByRole('listitem').count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await visit.getByRole('button', { name: 'Send 1 photo' }).click();
    await visit.getByRole('list', { name: 'Photos sent' }).getByRole('listitem').filter({ hasText: 'Before' }).getByText('Added', { exact: true }).waitFor();
    await visit.getByText('Photos added to this cleaning: 1').waitFor();
    const photo = await db.visitPhoto.findFirstOrThrow({ where: { dealId: todays_.id }, select: { id: true, label: true } });
    expect(photo.label).toBe('before');
    // Its small copy for the office follows the photo.
    await expect.poll(() => db.visitPhotoThumbnail.count({ where: { photoId: photo.id } })).toBe(1);

    // Done asks only about what is still unticked: one item, refused without a reason, naming it.
    await visit.getByRole('button', { name: 'Done' }).click();
    const checklist = page.getByRole('form', { name: 'Finish: Deep clean' });
    expect(await checklist.getByRole('textbox').count()).toBe(1);
    await checklist.getByRole('button', { name: 'Finish: cleaning done' }).click();
    await checklist.getByText(`${skipped!.label}: Tick it, or say why it was not done (3 to 200 characters).`).waitFor();
    await checklist.getByRole('textbox', { name: `Why not? (${skipped!.label})` }).fill('The customer asked us to leave it.');
    expect(await axeViolations(page)).toEqual([]);
    await checklist.getByRole('button', { name: 'Finish: cleaning done' }).click();
    await page.getByRole('status').getByText('Done: recorded. The office is told.').waitFor();
    // Sign out sits at the foot of the page, after the day's cleanings.
    const tomorrowHeading = page.getByRole('heading', { level: 2, name: 'Tomorrow' });
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(
      await tomorrowHeading.evaluate((heading) => {
        const signOut = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Sign out');
        return Boolean(signOut && heading.compareDocumentPosition(signOut) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    // HubSpot has the cleaning done, through the office's close-out.
    await expect
      .poll(async () => (await crmObjects('deals')).find((d) => d.id === todays_.hubspotId)?.properties.dealstage, { timeout: 45_000, interval: 500 })
      .toBe(crmStages().dealStageId(STAGE.CLEANING_DONE));
    // The photo is in HubSpot: one private file, attached to a note on the deal, without the GPS position.
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

    // The office sees the answers and the photo's thumbnail on the cleaning's page, at 1366 px.
    await office.page.setViewportSize({ width: 1366, height: 900 });
    await office.page.goto(appUrl(`/admin/cleaning?id=${encodeURIComponent(todays_.id)}`));
    const report = office.page.getByRole('region', { name: 'From the cleaner: Deep clean' });
    await report.getByText(`Finished: ${labels.length} of ${total} ticked.`).waitFor();
    await report.getByRole('listitem').filter({ hasText: `${skipped!.label}: Not done (The customer asked us to leave it.)` }).waitFor();
    await report.getByRole('listitem').filter({ hasText: 'Inside the oven: Done' }).waitFor();
    const thumbnail = report.getByRole('img', { name: /^Before photo, \d{1,2}:\d{2} (AM|PM) ET$/ });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    expect(await axeViolations(office.page)).toEqual([]);
    // Only office staff: the cleaner's own session is refused the small copy.
    expect((await page.context().request.get(appUrl(`/api/internal/admin/deals/${todays_.id}/photos/${photo.id}/thumbnail`))).status()).toBe(403);

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
    await office.page.goto(appUrl('/admin/cleaner-roster'));
    await mark.waitFor();
    await mark.click();
    await expect.poll(() => mark.isChecked()).toBe(false);
    await expect.poll(async () => (await page.context().request.get(appUrl('/api/cleaner/me'))).status()).toBe(401);
  });
});
