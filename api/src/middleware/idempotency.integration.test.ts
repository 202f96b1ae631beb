import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi, uniqueEmail } from '../../../test/api-server';
import { hashBody } from './idempotency';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { apiErrorBody } from '@app/shared/api-error';

const NOW = new Date('2026-11-22T15:00:00Z');

const booking = () => bookingRequestBody({ email: uniqueEmail('idem'), preferredDate: '2026-11-27', rooms: { kitchen: true } });
const ticket = () => ({
  name: 'Ann Lee',
  email: uniqueEmail('idem'),
  phone: '4045551234',
  reason: 'General Question',
  description: 'Hello',
  agreed: true,
});
const signup = () => ({ zip: '30303', email: uniqueEmail('idem'), firstName: 'Grace', interest: 'Commercial Cleaning', website: '' });

/** Records each route writes for a body, found by its (unique) e-mail. */
const ROUTES = {
  booking: {
    path: '/api/hubspot/portal/requestBooking',
    body: booking,
    records: (api: TestApi, email: string) => api.db.bookingRequest.count({ where: { contact: { email } } }),
  },
  contact: {
    path: '/api/hubspot/portal/createContactTicket',
    body: ticket,
    records: (api: TestApi, email: string) => api.db.contactTicket.count({ where: { email } }),
  },
  subscribe: {
    path: '/api/subscribe',
    body: signup,
    records: (api: TestApi, email: string) => api.db.notifySignup.count({ where: { email } }),
  },
} as const;

describe('Idempotency-Key on the public POSTs', () => {
  let api: TestApi;
  const keyRows = (key: string) => api.db.idempotencyKey.findMany({ where: { key } });

  beforeAll(async () => {
    api = await startTestApi('idempotency', { now: () => NOW });
  });
  afterAll(async () => {
    await api.close();
  });

  it.each(Object.entries(ROUTES))('%s: a replay gets the same status and answer and writes one record', async (_name, route) => {
    const key = randomUUID();
    const body = route.body();
    const first = await api.post(route.path, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const firstAnswer: unknown = await first.json();
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    // Same content, keys in another order: the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    for (const again of [body, reordered]) {
      const replay = await api.post(route.path, again, { 'Idempotency-Key': key });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await replay.json()).toEqual(firstAnswer);
    }
    expect(await route.records(api, body.email)).toBe(1);
    const [row] = await keyRows(key);
    expect(row?.responseStatus).toBe(201);
    expect(row?.responseBody).toEqual(firstAnswer);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3_600_000);
  });

  it.each(Object.entries(ROUTES))('%s: the same key with another body is refused with 422 and writes nothing', async (_name, route) => {
    const key = randomUUID();
    const body = route.body();
    expect((await api.post(route.path, body, { 'Idempotency-Key': key })).status).toBe(201);
    const other = { ...body, email: uniqueEmail('other') };
    const res = await api.post(route.path, other, { 'Idempotency-Key': key });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      apiErrorBody(
        'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
        'idempotency_key_reused',
      ),
    );
    expect(await route.records(api, other.email)).toBe(0);
  });

  it.each(Object.entries(ROUTES))('%s: concurrent duplicates create one record and all get its answer', async (_name, route) => {
    const key = randomUUID();
    const body = route.body();
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.post(route.path, body, { 'Idempotency-Key': key })));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(await route.records(api, body.email)).toBe(1);
    expect(await keyRows(key)).toHaveLength(1);
  });

  it('booking replays return the same dealId; bookings are not repeated', async () => {
    const key = randomUUID();
    const body = booking();
    const a = (await (await api.post(ROUTES.booking.path, body, { 'Idempotency-Key': key })).json()) as { request: { dealId: string } };
    const b = (await (await api.post(ROUTES.booking.path, body, { 'Idempotency-Key': key })).json()) as { request: { dealId: string } };
    expect(b.request.dealId).toBe(a.request.dealId);
    expect(await api.db.deal.count({ where: { contact: { email: body.email } } })).toBe(1);
    expect(await api.db.outboxEvent.count({ where: { aggregateId: a.request.dealId } })).toBe(1);
  });

  it('a refused request releases its key: the corrected request with the same key goes through', async () => {
    const key = randomUUID();
    const body = ticket();
    const bad = await api.post(ROUTES.contact.path, { ...body, name: 'Ann' }, { 'Idempotency-Key': key });
    expect(bad.status).toBe(400);
    expect(await keyRows(key)).toHaveLength(0);
    const good = await api.post(ROUTES.contact.path, body, { 'Idempotency-Key': key });
    expect(good.status).toBe(201);
    expect(await ROUTES.contact.records(api, body.email)).toBe(1);
  });

  it('a request still running makes a duplicate wait for its answer, then 409 if it takes too long', async () => {
    const key = randomUUID();
    const body = ticket();
    // A claim nobody completes: as if the first request were still in its handler.
    await api.db.idempotencyKey.create({
      data: { scope: 'contact.ticket', key, requestHash: hashBody(body), expiresAt: new Date(Date.now() + 60_000) },
    });
    const started = Date.now();
    const res = await api.post(ROUTES.contact.path, body, { 'Idempotency-Key': key });
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual(
      apiErrorBody(
        'A request with this Idempotency-Key is still being processed. Please try again shortly.',
        'idempotency_in_progress',
      ),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(await ROUTES.contact.records(api, body.email)).toBe(0);
  });

  it('an expired key is a new key', async () => {
    const key = randomUUID();
    const first = ticket();
    expect((await api.post(ROUTES.contact.path, first, { 'Idempotency-Key': key })).status).toBe(201);
    await api.db.idempotencyKey.updateMany({ where: { key }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const second = ticket();
    const res = await api.post(ROUTES.contact.path, second, { 'Idempotency-Key': key });
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await ROUTES.contact.records(api, second.email)).toBe(1);
    expect(await keyRows(key)).toHaveLength(1);
  });

  it('keys are per route: one key on two forms is two requests', async () => {
    const key = randomUUID();
    const t = ticket();
    const s = signup();
    expect((await api.post(ROUTES.contact.path, t, { 'Idempotency-Key': key })).status).toBe(201);
    expect((await api.post(ROUTES.subscribe.path, s, { 'Idempotency-Key': key })).status).toBe(201);
    expect(await ROUTES.subscribe.records(api, s.email)).toBe(1);
  });

  it.each([['short'], ['has space in it'], ['x'.repeat(256)]])('refuses the malformed key %j with 400', async (key) => {
    const body = ticket();
    const res = await api.post(ROUTES.contact.path, body, { 'Idempotency-Key': key });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      apiErrorBody(
        'The Idempotency-Key header must be 8 to 255 visible ASCII characters.',
        'bad_request',
      ),
    );
    expect(await ROUTES.contact.records(api, body.email)).toBe(0);
  });

  it('without the header nothing is recorded about the request', async () => {
    const before = await api.db.idempotencyKey.count();
    const body = booking();
    expect((await api.post(ROUTES.booking.path, body)).status).toBe(201);
    expect((await api.post(ROUTES.booking.path, body)).status).toBe(201);
    expect(await api.db.idempotencyKey.count()).toBe(before);
    // Two submissions without a key are two requests.
    expect(await ROUTES.booking.records(api, body.email)).toBe(2);
  });
});
