import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { VISIT_NOT_TODAY } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { PHOTO_REFUSALS, PHOTOS_PER_VISIT } from '@app/shared/visit-photos';
import { hasExifGps, jpegWithGps, TINY_JPEG } from '../../../../test/photo-fixtures';
import { TestBrowser } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { addDeal } from '../../../../test/staff-fixtures';
import { PHOTO_MAX_BYTES } from '../../photos/photo-image';
import { apiErrorBody } from '@app/shared/api-error';

/** 9:00 in Atlanta (EST) on Thursday, December 10, 2026. */
const START = new Date('2026-12-10T14:00:00Z');
const DAY = 24 * 60 * 60_000;
const unique = () => randomBytes(4).toString('hex');
const refusal = (r: { code: string; message: string }) => apiErrorBody(r.message, r.code, 'photo');

describe("the cleaner's photos of a cleaning", () => {
  let api: StaffApi;
  let cleaner: TestBrowser;
  let other: TestBrowser;
  let ownerId: string;
  let ownerHubspotId: string;
  let cleanerEmail: string;

  const addStaffOwner = async (firstName: string) => {
    const email = `${firstName.toLowerCase()}.${unique()}@${DEV_STAFF_EMAIL_DOMAIN}`;
    return api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName, lastName: 'Cleaner', email, isCleaner: true, active: true } });
  };
  const signInAs = async (email: string) => {
    const browser = new TestBrowser(api.url);
    expect((await staffSignIn(api, browser, { loginHint: email })).landing).toBe('/cleaner');
    return browser;
  };
  const cleaning = (data: { scheduledAt?: Date; stageId?: string } = {}) =>
    addDeal(api.db, {
      stageId: data.stageId ?? STAGE.CLEANING_SCHEDULED,
      scheduledAt: data.scheduledAt ?? START,
      ownerId,
      serviceType: 'basic-1500',
      hubspotId: `hs-${unique()}`,
      hubspotUpdatedAt: new Date('2026-12-09T12:00:00Z'),
    });
  /** The photo's bytes as the body, as My day sends it. */
  const send = (browser: TestBrowser | null, dealId: string, bytes: Uint8Array, contentType = 'image/jpeg') => {
    const headers: Record<string, string> = { 'Content-Type': contentType, 'X-Forwarded-For': browser?.ip ?? '10.9.9.9' };
    if (browser && browser.cookies.size > 0) headers.Cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return fetch(`${api.url}/api/cleaner/deals/${dealId}/photos`, { method: 'POST', headers, body: new Uint8Array(bytes) });
  };

  beforeAll(async () => {
    api = await startStaffApi('cleaner-photos', START);
    const mine = await addStaffOwner('Maria');
    ownerId = mine.id;
    ownerHubspotId = mine.hubspotId;
    cleanerEmail = mine.email!;
    cleaner = await signInAs(cleanerEmail);
    other = await signInAs((await addStaffOwner('Omar')).email!);
  });
  afterAll(() => api.close());

  it('keeps a photo without its GPS position, with an attach-photo event that names only the photo', async () => {
    const deal = await cleaning();
    const res = await send(cleaner, deal.id, jpegWithGps());
    expect(res.status).toBe(201);
    const body = (await res.json()) as { photo: { id: string; contentType: string; byteSize: number }; count: number };
    expect(body).toMatchObject({ photo: { contentType: 'image/jpeg' }, count: 1 });

    const row = await api.db.visitPhoto.findUniqueOrThrow({ where: { id: body.photo.id } });
    expect(row).toMatchObject({ dealId: deal.id, ownerHubspotId, cleanerEmail, contentType: 'image/jpeg', byteSize: body.photo.byteSize, hubspotFileId: null, sentAt: null });
    expect(hasExifGps(jpegWithGps())).toBe(true);
    expect(hasExifGps(row.bytes!)).toBe(false);
    expect(row.bytes!.length).toBe(row.byteSize);

    const events = await api.db.outboxEvent.findMany({ where: { type: 'crm.attach-photo', aggregateId: row.id }, select: { payload: true } });
    expect(events).toEqual([{ payload: { photoId: row.id } }]);

    // My day counts it, so a reloaded page still says how many the cleaning has.
    const day = await fetch(`${api.url}/api/cleaner/day?date=2026-12-10`, { headers: { Cookie: [...cleaner.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'X-Forwarded-For': cleaner.ip } });
    expect(((await day.json()) as { cleanings: { id: string; photoCount: number }[] }).cleanings.find((c) => c.id === deal.id)?.photoCount).toBe(1);
  });

  it('answers 401 without a session, 403 to another cleaner and for no such cleaning, 409 on another day', async () => {
    const deal = await cleaning();
    expect((await send(null, deal.id, TINY_JPEG)).status).toBe(401);
    const refused = await send(other, deal.id, TINY_JPEG);
    expect(refused.status).toBe(403);
    expect((await send(cleaner, 'no-such-deal', TINY_JPEG)).status).toBe(403);
    const tomorrow = await cleaning({ scheduledAt: new Date(START.getTime() + DAY) });
    const yesterday = await cleaning({ scheduledAt: new Date(START.getTime() - DAY) });
    for (const id of [tomorrow.id, yesterday.id]) {
      const res = await send(cleaner, id, TINY_JPEG);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual(apiErrorBody(VISIT_NOT_TODAY.message, 'visit_not_today'));
    }
    expect(await api.db.visitPhoto.count({ where: { dealId: { in: [deal.id, tomorrow.id, yesterday.id] } } })).toBe(0);
  });

  it('refuses another type (declared, or read from the bytes), an empty and a too large body, naming the field photo', async () => {
    const deal = await cleaning();
    const gif = await send(cleaner, deal.id, Buffer.from('GIF89a....'), 'image/gif');
    expect(gif.status).toBe(415);
    expect(await gif.json()).toEqual(refusal(PHOTO_REFUSALS.type));
    const notAPhoto = await send(cleaner, deal.id, Buffer.from('just some text, not a jpeg'), 'image/jpeg');
    expect(notAPhoto.status).toBe(415);
    expect(await notAPhoto.json()).toEqual(refusal(PHOTO_REFUSALS.type));
    const empty = await send(cleaner, deal.id, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual(refusal(PHOTO_REFUSALS.empty));
    const big = await send(cleaner, deal.id, Buffer.concat([TINY_JPEG, Buffer.alloc(PHOTO_MAX_BYTES)]));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual(refusal(PHOTO_REFUSALS.tooLarge));
    // Without a declared length (sent in chunks): refused once it passes the limit, still answered.
    const chunks = [TINY_JPEG, Buffer.alloc(PHOTO_MAX_BYTES / 2), Buffer.alloc(PHOTO_MAX_BYTES / 2)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const cookie = [...cleaner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const chunked = await fetch(`${api.url}/api/cleaner/deals/${deal.id}/photos`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg', Cookie: cookie, 'X-Forwarded-For': cleaner.ip },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toEqual(refusal(PHOTO_REFUSALS.tooLarge));
    expect(await api.db.visitPhoto.count({ where: { dealId: deal.id } })).toBe(0);
  });

  it(`takes ${PHOTOS_PER_VISIT} photos a cleaning, two at once counted one after the other, and refuses the next`, async () => {
    const deal = await cleaning();
    const answers = await Promise.all(Array.from({ length: PHOTOS_PER_VISIT + 1 }, () => send(cleaner, deal.id, TINY_JPEG)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(PHOTOS_PER_VISIT).fill(201), 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual(refusal(PHOTO_REFUSALS.limit));
    expect(await api.db.visitPhoto.count({ where: { dealId: deal.id } })).toBe(PHOTOS_PER_VISIT);
    expect(await api.db.outboxEvent.count({ where: { type: 'crm.attach-photo', aggregateId: { in: (await api.db.visitPhoto.findMany({ where: { dealId: deal.id }, select: { id: true } })).map((p) => p.id) } } })).toBe(PHOTOS_PER_VISIT);
  });

  it('refuses a photo of a cleaning no longer scheduled', async () => {
    const deal = await cleaning({ stageId: STAGE.CANCELED });
    expect((await send(cleaner, deal.id, TINY_JPEG)).status).toBe(409);
  });
});
