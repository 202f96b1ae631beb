import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { CLAIM_PHOTO_REFUSALS, CLAIM_PHOTOS_MAX } from '@app/shared/claim-photos';
import { STAGE } from '@app/shared/deal-stages';
import { PHOTO_REFUSALS } from '@app/shared/visit-photos';
import { hasExifGps, jpegWithGps, TINY_JPEG } from '../../../../test/photo-fixtures';
import { createCustomer, signIn, startPortalApi, TestBrowser, type PortalApi, type TestCustomer } from '../../../../test/portal-app';
import { PHOTO_MAX_BYTES } from '../../photos/photo-image';
import { apiErrorBody } from '@app/shared/api-error';

const HOUR = 3_600_000;
// 10:00 in Atlanta on Sunday 22 November 2026.
const START = new Date('2026-11-22T15:00:00Z');
/** A cleaning that started 5 hours ago and was planned for 3: it ended 2 hours ago. */
const ENDED_2H_AGO = { scheduledAt: new Date(START.getTime() - 5 * HOUR), durationMinutes: 180 };
const refusal = (r: { code: string; message: string }) => apiErrorBody(r.message, r.code, 'photo');

type DealInput = Parameters<Db['deal']['create']>[0]['data'];

describe('customer portal API: photos of a re-clean claim', () => {
  let api: PortalApi;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let browser: TestBrowser;
  let bobBrowser: TestBrowser;

  beforeAll(async () => {
    api = await startPortalApi('portal-claim-photos', START);
    alice = await createCustomer(api.db, { with: 'invite' });
    bob = await createCustomer(api.db, { with: 'invite' });
    browser = new TestBrowser(api.url);
    await signIn(api, browser, alice);
    bobBrowser = new TestBrowser(api.url);
    await signIn(api, bobBrowser, bob);
  });
  afterAll(() => api.close());

  /** A claim made through the portal's own route on a done cleaning of the customer's. */
  const claimOf = async (customer: TestCustomer, who: TestBrowser) => {
    const deal = await api.db.deal.create({
      data: { contactId: customer.id, name: 'Basic Clean', stageId: STAGE.CLEANING_DONE, source: 'hubspot', serviceType: 'basic-1500', ...ENDED_2H_AGO } as DealInput,
    });
    const res = await who.post(`/api/portal/deals/${deal.id}/reclean-claim`, { missed: 'The oven was not cleaned.' });
    expect(res.status).toBe(201);
    return ((await res.json()) as { ticketId: string }).ticketId;
  };
  /** The photo's bytes as the body, as the claim's dialog sends it. */
  const send = (who: TestBrowser | null, ticketId: string, bytes: Uint8Array, contentType = 'image/jpeg') => {
    const headers: Record<string, string> = { 'Content-Type': contentType, 'X-Forwarded-For': who?.ip ?? '10.9.9.9' };
    if (who && who.cookies.size > 0) headers.Cookie = [...who.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return fetch(`${api.url}/api/portal/claims/${ticketId}/photos`, { method: 'POST', headers, body: new Uint8Array(bytes) });
  };
  const photosOf = (ticketId: string) => api.db.claimPhoto.count({ where: { ticketId } });

  it('keeps a photo without its GPS position, with an attach-claim-photo event that names only the photo', async () => {
    const ticketId = await claimOf(alice, browser);
    const nudgesBefore = api.nudges();
    const res = await send(browser, ticketId, jpegWithGps());
    expect(res.status).toBe(201);
    const body = (await res.json()) as { photo: { id: string; contentType: string; byteSize: number }; count: number };
    expect(body).toMatchObject({ photo: { contentType: 'image/jpeg' }, count: 1 });

    const row = await api.db.claimPhoto.findUniqueOrThrow({ where: { id: body.photo.id } });
    expect(row).toMatchObject({ ticketId, contactId: alice.id, contentType: 'image/jpeg', byteSize: body.photo.byteSize, hubspotFileId: null, sentAt: null });
    expect(hasExifGps(jpegWithGps())).toBe(true);
    expect(hasExifGps(row.bytes!)).toBe(false);
    expect(row.bytes!.length).toBe(row.byteSize);

    const events = await api.db.outboxEvent.findMany({ where: { type: 'crm.attach-claim-photo', aggregateId: row.id }, select: { payload: true } });
    expect(events).toEqual([{ payload: { photoId: row.id } }]);
    await expect.poll(() => api.nudges()).toBeGreaterThan(nudgesBefore);
  });

  it('answers 401 without a session, 404 for another customer’s claim, a ticket that is no claim and no such ticket', async () => {
    const ticketId = await claimOf(alice, browser);
    expect((await send(null, ticketId, TINY_JPEG)).status).toBe(401);
    const bobs = await send(bobBrowser, ticketId, TINY_JPEG);
    expect(bobs.status).toBe(404);
    expect(await bobs.json()).toEqual(apiErrorBody('We could not find that claim.', 'not_found'));

    const deal = await api.db.deal.create({ data: { contactId: alice.id, name: 'Basic Clean', stageId: STAGE.CLEANING_SCHEDULED, source: 'hubspot' } as DealInput });
    const change = await api.db.ticket.create({ data: { dealId: deal.id, contactId: alice.id, category: 'RescheduleRequest', reason: 'Away' } });
    for (const id of [change.id, 'no-such-ticket']) {
      const res = await send(browser, id, TINY_JPEG);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(apiErrorBody('We could not find that claim.', 'not_found'));
    }
    expect(await photosOf(ticketId)).toBe(0);
    expect(await photosOf(change.id)).toBe(0);
    // Bob's own claim takes his photo.
    expect((await send(bobBrowser, await claimOf(bob, bobBrowser), TINY_JPEG)).status).toBe(201);
  });

  it('refuses a photo once the office has answered or closed the claim (409), keeping nothing', async () => {
    for (const stage of ['1613485805', '1613485806', '4']) {
      const ticketId = await claimOf(alice, browser);
      await api.db.ticket.update({ where: { id: ticketId }, data: { pipelineStage: stage } });
      const res = await send(browser, ticketId, TINY_JPEG);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual(apiErrorBody(CLAIM_PHOTO_REFUSALS.closed.message, 'claim_closed'));
      expect(await photosOf(ticketId)).toBe(0);
    }
  });

  it(`takes ${CLAIM_PHOTOS_MAX} photos a claim, sent at once counted one after the other, and refuses the sixth`, async () => {
    const ticketId = await claimOf(alice, browser);
    const answers = await Promise.all(Array.from({ length: CLAIM_PHOTOS_MAX + 1 }, () => send(browser, ticketId, TINY_JPEG)));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array<number>(CLAIM_PHOTOS_MAX).fill(201), 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual(refusal(CLAIM_PHOTO_REFUSALS.limit));
    expect(CLAIM_PHOTO_REFUSALS.limit.message).toBe('You can add up to 5 photos.');
    expect(await photosOf(ticketId)).toBe(CLAIM_PHOTOS_MAX);

    // Once there are five, the next is refused before its body is read.
    const sixth = await send(browser, ticketId, TINY_JPEG);
    expect(sixth.status).toBe(409);
    expect(await sixth.json()).toEqual(refusal(CLAIM_PHOTO_REFUSALS.limit));
  });

  it('refuses another type (declared, or read from the bytes), an empty and a too large body, naming the field photo', async () => {
    const ticketId = await claimOf(alice, browser);
    const gif = await send(browser, ticketId, Buffer.from('GIF89a....'), 'image/gif');
    expect(gif.status).toBe(415);
    expect(await gif.json()).toEqual(refusal(PHOTO_REFUSALS.type));
    const notAPhoto = await send(browser, ticketId, Buffer.from('just some text, not a jpeg'), 'image/jpeg');
    expect(notAPhoto.status).toBe(415);
    expect(await notAPhoto.json()).toEqual(refusal(PHOTO_REFUSALS.type));
    const empty = await send(browser, ticketId, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual(refusal(PHOTO_REFUSALS.empty));
    const big = await send(browser, ticketId, Buffer.concat([TINY_JPEG, Buffer.alloc(PHOTO_MAX_BYTES)]));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual(refusal(PHOTO_REFUSALS.tooLarge));
    expect(await photosOf(ticketId)).toBe(0);
  });
});
