import { STAGE } from '@app/shared/deal-stages';
import { formatEastern } from '@app/shared/eastern-time';
import { RECLEAN_CLAIM_SUBMITTED } from '@app/shared/texts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { hasExifGps, jpegWithGps } from '../../test/photo-fixtures';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { crmFileContent, crmFiles, crmObjects } from '../src/hubspot-emulator';
import { createCrmDeal, createPortalCustomer } from '../src/portal-customer';
import { signInToPortal } from '../src/portal-login';
import { useBrowserPage } from '../src/use-browser-page';

const HOUR = 3_600_000;

/**
 * The satisfaction guarantee with a photo: a customer whose cleaning was done yesterday opens
 * "Something was missed", says what, adds a photo from their phone (with where it was taken, as
 * a camera writes it) and sends. The claim is taken, the photo shows "Added", and the office
 * finds it in HubSpot: one private file in the claim photos' folder, on a note of the claim's
 * ticket, without the GPS position.
 */
describe('a re-clean claim with a photo', () => {
  const browser = useBrowserPage();
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(inject('databaseUrl'));
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it('sends the claim, then its photo, which reaches the claim’s ticket in HubSpot without its GPS', { timeout: 240_000 }, async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('reclean');
    // Done yesterday, well within the 48-hour window (on the minute, as staff pick a time).
    const done = new Date(Math.floor((Date.now() - 20 * HOUR) / 60_000) * 60_000);
    const dealHubspotId = await createCrmDeal(customer, { stage: STAGE.CLEANING_DONE, scheduledAt: done, skus: ['basic-1500'], amount: '209' });

    await withCookieConsent(page);
    await signInToPortal(page, customer);
    const card = page.getByRole('region', { name: 'Past cleanings' }).locator('article.deal-card').filter({ hasText: formatEastern(done) });
    await card.waitFor({ timeout: 60_000 });
    await card.getByRole('button', { name: 'Something was missed' }).click();

    const dialog = page.getByRole('dialog', { name: 'Something was missed' });
    await dialog.getByLabel('What was missed?').fill('The oven was not cleaned inside.');
    const gpsPhoto = jpegWithGps();
    expect(hasExifGps(gpsPhoto)).toBe(true);
    await dialog.getByLabel('Add photos (optional)').setInputFiles({ name: 'oven.jpg', mimeType: 'image/jpeg', buffer: gpsPhoto });
    await dialog.getByText('1 of 5 chosen.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send' }).click();

    // The claim is taken, then its photo added.
    await dialog.getByText(RECLEAN_CLAIM_SUBMITTED).waitFor();
    await dialog.locator('.claim-photos__item', { hasText: 'oven.jpg' }).getByText('Added', { exact: true }).waitFor({ timeout: 30_000 });
    await dialog.getByText('1 photo added to your claim.').waitFor();
    expect(await dialog.locator('[data-photos-note]').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // In HubSpot: the claim's ticket, and on it a note carrying one private file in /claim-photos.
    const deal = await db.deal.findFirstOrThrow({ where: { hubspotId: dealHubspotId }, select: { id: true } });
    const ticket = await db.ticket.findFirstOrThrow({ where: { dealId: deal.id, category: 'RecleanClaim' }, select: { id: true } });
    const photo = await db.claimPhoto.findFirstOrThrow({ where: { ticketId: ticket.id }, select: { id: true } });
    await expect.poll(async () => (await db.claimPhoto.findUniqueOrThrow({ where: { id: photo.id }, select: { sentAt: true } })).sentAt, { timeout: 90_000, interval: 500 }).not.toBeNull();
    const ticketHubspotId = (await db.ticket.findUniqueOrThrow({ where: { id: ticket.id }, select: { hubspotId: true } })).hubspotId;
    expect(ticketHubspotId).not.toBeNull();

    const files = (await crmFiles()).filter((f) => f.path.startsWith('/claim-photos/') && f.name === photo.id);
    expect(files).toMatchObject([{ access: 'PRIVATE', path: `/claim-photos/${photo.id}.jpg`, archived: false }]);
    const notes = (await crmObjects('notes')).filter((n) => (n.properties.hs_attachment_ids ?? '').split(';').includes(files[0]!.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.associations.tickets).toEqual([ticketHubspotId]);
    const kept = await crmFileContent(files[0]!.id);
    expect(kept.length).toBeGreaterThan(0);
    expect(hasExifGps(kept)).toBe(false);
    expect((await db.claimPhoto.findUniqueOrThrow({ where: { id: photo.id }, select: { bytes: true } })).bytes).toBeNull();
  });
});
