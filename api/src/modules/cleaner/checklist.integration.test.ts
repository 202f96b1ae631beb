import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { apiErrorBody } from '@app/shared/api-error';
import { CHECKLIST_ITEM_UNKNOWN, CHECKLIST_REASON_NEEDED, CHECKLIST_TICK_NEEDED, CHECKLISTS, visitChecklist } from '@app/shared/cleaning-checklists';
import { VISIT_NOT_SCHEDULED, VISIT_NOT_TODAY } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { PHOTO_LABEL_NEEDED, THUMBNAIL_REFUSALS } from '@app/shared/visit-photos';
import type { VisitReport } from '@app/shared/visit-report';
import { hasExifGps, jpegWithGps, TINY_JPEG } from '../../../../test/photo-fixtures';
import { createCustomer, signIn, TestBrowser } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { addDeal } from '../../../../test/staff-fixtures';

/** 9:00 in Atlanta (EST) on Thursday, December 10, 2026. */
const START = new Date('2026-12-10T14:00:00Z');
const MINUTE = 60_000;
const FORBIDDEN = apiErrorBody('You do not have access to this.', 'forbidden');
const unique = () => randomBytes(4).toString('hex');
const ROOMS = { kitchen: true, bathroomCount: 2 };
const SKUS = ['basic-1500', 'addon-oven'];

/** TINY_JPEG claiming `width` pixels across in its frame header (the api reads the size, it decodes nothing). */
function jpegOfWidth(width: number): Buffer {
  const bytes = Buffer.from(TINY_JPEG);
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(width, frame + 7);
  return bytes;
}

describe('the checklist as the cleaner goes, Done asking only the unticked, and what the office sees', () => {
  let api: StaffApi;
  let office: TestBrowser;
  let cleaner: TestBrowser;
  let other: TestBrowser;
  let customer: TestBrowser;
  let ownerId: string;

  const addStaffOwner = async (firstName: string) => {
    const email = `${firstName.toLowerCase()}.${unique()}@${DEV_STAFF_EMAIL_DOMAIN}`;
    return api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName, lastName: 'Cleaner', email, isCleaner: true, active: true } });
  };
  const signInAs = async (email: string) => {
    const browser = new TestBrowser(api.url);
    expect((await staffSignIn(api, browser, { loginHint: email })).landing).toBe('/cleaner');
    return browser;
  };
  /** Today's basic clean at 9:00 with the oven add-on and the rooms the customer listed on the booking. */
  const cleaning = async (data: { scheduledAt?: Date; stageId?: string } = {}) => {
    const contact = await api.db.contact.create({ data: { email: `c.${unique()}@example.com`, firstName: 'Pat' } });
    const deal = await addDeal(api.db, {
      stageId: data.stageId ?? STAGE.CLEANING_SCHEDULED,
      scheduledAt: data.scheduledAt ?? START,
      ownerId,
      contactId: contact.id,
      serviceType: 'basic-1500',
      skus: SKUS,
      hubspotId: `hs-${unique()}`,
      hubspotUpdatedAt: new Date('2026-12-09T12:00:00Z'),
    });
    await api.db.bookingRequest.create({ data: { contactId: contact.id, dealId: deal.id, source: 'public_form', payload: {}, rooms: ROOMS } });
    return deal;
  };
  const tick = (browser: TestBrowser, dealId: string, itemId: string, body: unknown) => browser.request(`/api/cleaner/deals/${dealId}/checklist/${itemId}`, { method: 'PUT', body });
  const ticksOf = async (res: Response) => ((await res.json()) as { ticked: string[] }).ticked;
  /** Bytes as the body, as My day sends a photo or its small copy. */
  const raw = (browser: TestBrowser, method: 'POST' | 'PUT', path: string, bytes: Uint8Array, contentType = 'image/jpeg') => {
    const headers: Record<string, string> = { 'Content-Type': contentType, 'X-Forwarded-For': browser.ip };
    if (browser.cookies.size > 0) headers.Cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return fetch(`${api.url}${path}`, { method, headers, body: new Uint8Array(bytes) });
  };

  beforeAll(async () => {
    api = await startStaffApi('cleaner-checklist', START);
    office = new TestBrowser(api.url);
    expect((await staffSignIn(api, office)).landing).toBe('/admin/dashboard');
    ownerId = (await addStaffOwner('Maria')).id;
    const maria = await api.db.owner.findUniqueOrThrow({ where: { id: ownerId } });
    cleaner = await signInAs(maria.email!);
    other = await signInAs((await addStaffOwner('Omar')).email!);
    customer = new TestBrowser(api.url);
    await signIn(api, customer, await createCustomer(api.db, { with: 'invite' }));
  });
  afterAll(() => api.close());

  it("lists the visit's own checklist on the day: the service's items, the oven add-on, the rooms listed", async () => {
    const deal = await cleaning();
    const day = (await (await cleaner.request('/api/cleaner/day')).json()) as { cleanings: Array<{ id: string; checklist: unknown; ticked: string[] }> };
    const listed = day.cleanings.find((c) => c.id === deal.id)!;
    expect(listed.ticked).toEqual([]);
    expect(listed.checklist).toEqual(visitChecklist({ serviceType: 'basic-1500', skus: SKUS, rooms: ROOMS }));
    expect(listed.checklist).toMatchObject({ items: expect.arrayContaining([{ id: 'addon-oven', label: 'Inside the oven', group: 'add-on' }, { id: 'room-bathrooms', label: 'Bathrooms (2)', group: 'room' }]) });
  });

  it('takes a tick only from the assigned cleaner, on the day, of a scheduled cleaning, for an item of its checklist', async () => {
    const deal = await cleaning();
    expect((await tick(new TestBrowser(api.url), deal.id, 'floors', { ticked: true })).status).toBe(401);
    for (const browser of [office, customer, other]) {
      const res = await tick(browser, deal.id, 'floors', { ticked: true });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(FORBIDDEN);
    }
    expect((await tick(cleaner, 'no-such-deal', 'floors', { ticked: true })).status).toBe(403);
    const tomorrow = await cleaning({ scheduledAt: new Date(START.getTime() + 24 * 60 * MINUTE) });
    const early = await tick(cleaner, tomorrow.id, 'floors', { ticked: true });
    expect([early.status, await early.json()]).toEqual([409, apiErrorBody(VISIT_NOT_TODAY.message, 'visit_not_today')]);
    const canceled = await cleaning({ stageId: STAGE.CANCELED });
    const gone = await tick(cleaner, canceled.id, 'floors', { ticked: true });
    expect([gone.status, await gone.json()]).toEqual([409, apiErrorBody(VISIT_NOT_SCHEDULED.message, 'visit_not_scheduled')]);
    const unknown = await tick(cleaner, deal.id, 'baseboards', { ticked: true });
    expect([unknown.status, await unknown.json()]).toEqual([400, apiErrorBody(CHECKLIST_ITEM_UNKNOWN, 'validation_failed', 'itemId')]);
    for (const body of [{}, { ticked: 'yes' }]) {
      const bad = await tick(cleaner, deal.id, 'floors', body);
      expect([bad.status, await bad.json()]).toEqual([400, apiErrorBody(CHECKLIST_TICK_NEEDED, 'validation_failed', 'ticked')]);
    }
    expect((await tick(cleaner, deal.id, 'floors', { ticked: true, extra: 1 })).status).toBe(400);
    // Nothing refused was kept.
    expect((await api.db.cleaningVisit.findMany({ where: { dealId: { in: [deal.id, tomorrow.id, canceled.id] } } })).map((v) => v.tickedItems)).toEqual([]);
  });

  it('keeps each tick at once, idempotent (twice, at once, from another phone), and takes an untick', async () => {
    const deal = await cleaning();
    expect((await cleaner.post(`/api/cleaner/deals/${deal.id}/start`)).status).toBe(200);
    expect(await ticksOf(await tick(cleaner, deal.id, 'floors', { ticked: true }))).toEqual(['floors']);
    const phone2 = await signInAs((await api.db.owner.findUniqueOrThrow({ where: { id: ownerId } })).email!);
    const answers = await Promise.all([tick(cleaner, deal.id, 'addon-oven', { ticked: true }), tick(phone2, deal.id, 'addon-oven', { ticked: true }), tick(cleaner, deal.id, 'floors', { ticked: true })]);
    for (const res of answers) expect(res.status).toBe(200);
    expect(await ticksOf(await tick(phone2, deal.id, 'room-kitchen', { ticked: true }))).toEqual(['floors', 'addon-oven', 'room-kitchen']);
    expect(await ticksOf(await tick(cleaner, deal.id, 'floors', { ticked: false }))).toEqual(['addon-oven', 'room-kitchen']);
    expect(await ticksOf(await tick(cleaner, deal.id, 'floors', { ticked: false }))).toEqual(['addon-oven', 'room-kitchen']);
    // A reload (the day's list) reads the ticks back.
    const day = (await (await phone2.request('/api/cleaner/day')).json()) as { cleanings: Array<{ id: string; ticked: string[] }> };
    expect(day.cleanings.find((c) => c.id === deal.id)!.ticked).toEqual(['addon-oven', 'room-kitchen']);
  });

  it('done asks a reason only of the unticked items, the error naming the item; the office reads the answers by label', async () => {
    const deal = await cleaning();
    await cleaner.post(`/api/cleaner/deals/${deal.id}/start`);
    const { items } = visitChecklist({ serviceType: 'basic-1500', skus: SKUS, rooms: ROOMS });
    for (const item of items.filter((i) => i.id !== 'addon-oven')) expect((await tick(cleaner, deal.id, item.id, { ticked: true })).status).toBe(200);

    // The office sees the cleaning in progress: the ticks so far, the oven still open.
    const live = (await (await office.request(`/api/internal/admin/deals/${deal.id}/visit-report`)).json()) as VisitReport;
    expect(live.checklistState).toBe('in_progress');
    expect(live.items.find((i) => i.id === 'addon-oven')).toEqual({ id: 'addon-oven', label: 'Inside the oven', group: 'add-on', answer: 'open', reason: null });

    const none = await cleaner.post(`/api/cleaner/deals/${deal.id}/done`, {});
    expect([none.status, await none.json()]).toEqual([400, apiErrorBody(CHECKLIST_REASON_NEEDED, 'validation_failed', 'checklist.addon-oven')]);
    const short = await cleaner.post(`/api/cleaner/deals/${deal.id}/done`, { checklist: { 'addon-oven': { ticked: false, reason: 'no' } } });
    expect(((await short.json()) as { field: string }).field).toBe('checklist.addon-oven');
    expect(await api.db.cleaningVisit.findUniqueOrThrow({ where: { dealId: deal.id }, select: { doneAt: true } })).toEqual({ doneAt: null });

    {
      const res = await cleaner.post(`/api/cleaner/deals/${deal.id}/done`, { checklist: { 'addon-oven': { ticked: false, reason: 'Self-cleaning cycle was on' } } });
      expect(res.status).toBe(200);
      const row = await api.db.cleaningVisit.findUniqueOrThrow({ where: { dealId: deal.id }, select: { checklist: true, checklistItems: true } });
      expect(row.checklist).toEqual({ ...Object.fromEntries(items.map((i) => [i.id, true])), 'addon-oven': 'Self-cleaning cycle was on' });
      expect(row.checklistItems).toEqual(items);
      const command = await api.db.dealCommand.findFirstOrThrow({ where: { dealId: deal.id }, select: { reason: true } });
      expect(command.reason).toBe('Done from My day. Not done: Inside the oven (Self-cleaning cycle was on).');
      // After Done a tick changes nothing.
      expect(await ticksOf(await tick(cleaner, deal.id, 'floors', { ticked: false }))).toContain('floors');
    }
    const report = (await (await office.request(`/api/internal/admin/deals/${deal.id}/visit-report`)).json()) as VisitReport;
    expect(report).toMatchObject({ checklistState: 'done', checklistLabel: CHECKLISTS.basic.label, photos: [] });
    expect(report.items.filter((i) => i.answer !== 'ticked')).toEqual([{ id: 'addon-oven', label: 'Inside the oven', group: 'add-on', answer: 'not_done', reason: 'Self-cleaning cycle was on' }]);
    expect(report.items.map((i) => i.label)).toContain('Bathrooms (2)');
  });

  it("photos: a before/after label, a small copy checked and stripped, shown to office staff only", async () => {
    const deal = await cleaning();
    await cleaner.post(`/api/cleaner/deals/${deal.id}/start`);
    const photos = `/api/cleaner/deals/${deal.id}/photos`;
    const badLabel = await raw(cleaner, 'POST', `${photos}?label=during`, TINY_JPEG);
    expect([badLabel.status, await badLabel.json()]).toEqual([400, apiErrorBody(PHOTO_LABEL_NEEDED, 'validation_failed', 'label')]);
    const added = await raw(cleaner, 'POST', `${photos}?label=before`, jpegWithGps());
    expect(added.status).toBe(201);
    const { photo } = (await added.json()) as { photo: { id: string; label: string } };
    expect(photo.label).toBe('before');
    const unlabelled = (await (await raw(cleaner, 'POST', photos, TINY_JPEG)).json()) as { photo: { id: string; label: unknown } };
    expect(unlabelled.photo.label).toBeNull();

    // The small copy: its own limits, refused naming `thumbnail`; only for a photo of this cleaning, by its cleaner.
    const thumbnail = (photoId: string) => `${photos}/${photoId}/thumbnail`;
    const wide = await raw(cleaner, 'PUT', thumbnail(photo.id), jpegOfWidth(401));
    expect([wide.status, await wide.json()]).toEqual([413, apiErrorBody(THUMBNAIL_REFUSALS.tooLarge.message, THUMBNAIL_REFUSALS.tooLarge.code, 'thumbnail')]);
    const heavy = await raw(cleaner, 'PUT', thumbnail(photo.id), Buffer.alloc(100 * 1024 + 1, 0xff));
    expect(heavy.status).toBe(413);
    expect((await raw(cleaner, 'PUT', thumbnail('9d7f6f2e-3f6a-4f4e-9d55-6a1f3c1b2a10'), TINY_JPEG)).status).toBe(404);
    expect((await raw(other, 'PUT', thumbnail(photo.id), TINY_JPEG)).status).toBe(403);
    expect((await raw(office, 'PUT', thumbnail(photo.id), TINY_JPEG)).status).toBe(403);
    expect(await api.db.visitPhotoThumbnail.count({ where: { photoId: photo.id } })).toBe(0);
    // With a GPS position in it, as a phone might leave one: kept without it; a second one replaces the first.
    expect((await raw(cleaner, 'PUT', thumbnail(photo.id), jpegWithGps())).status).toBe(200);
    expect((await raw(cleaner, 'PUT', thumbnail(photo.id), jpegWithGps())).status).toBe(200);
    const kept = await api.db.visitPhotoThumbnail.findUniqueOrThrow({ where: { photoId: photo.id } });
    expect(hasExifGps(kept.bytes)).toBe(false);

    // The office's report: both photos, the labelled one with its small copy.
    const report = (await (await office.request(`/api/internal/admin/deals/${deal.id}/visit-report`)).json()) as VisitReport;
    const url = `/api/internal/admin/deals/${deal.id}/photos/${photo.id}/thumbnail`;
    expect(report.photos).toEqual([
      { id: photo.id, label: 'before', takenAt: expect.any(String), thumbnailUrl: url, inHubSpot: false },
      { id: unlabelled.photo.id, label: null, takenAt: expect.any(String), thumbnailUrl: null, inHubSpot: false },
    ]);
    const served = await office.request(url);
    expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([200, 'image/jpeg', 'private, no-store']);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(kept.bytes))).toBe(true);
    // Not under another cleaning's address; staff only.
    const another = await cleaning();
    expect((await office.request(`/api/internal/admin/deals/${another.id}/photos/${photo.id}/thumbnail`)).status).toBe(404);
    expect((await office.request(`/api/internal/admin/deals/${deal.id}/photos/not-a-uuid/thumbnail`)).status).toBe(404);
    for (const browser of [cleaner, customer]) {
      for (const path of [url, `/api/internal/admin/deals/${deal.id}/visit-report`]) {
        const res = await browser.request(path);
        expect([res.status, await res.json()], path).toEqual([403, FORBIDDEN]);
      }
    }
    expect((await new TestBrowser(api.url).request(url)).status).toBe(401);
  });
});
