import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi, uniqueEmail } from '../../../../test/api-server';

const NOW = new Date('2026-11-22T15:00:00Z');

describe('GET /api/hubspot/portal/bookingStatus', () => {
  let api: TestApi;
  const status = (dealId: string) => fetch(`${api.url}/api/hubspot/portal/bookingStatus?dealId=${encodeURIComponent(dealId)}`);

  beforeAll(async () => {
    api = await startTestApi('booking-status', { now: () => NOW });
  });
  afterAll(async () => {
    await api.close();
  });

  it('says whether the booking has reached the CRM, and nothing else', async () => {
    const res = await api.post('/api/hubspot/portal/requestBooking', {
      name: 'Jane Doe',
      email: uniqueEmail('status'),
      phone: '+14045551234',
      address: { street: '12 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303' },
      squareFootage: 1000,
      serviceType: 'Basic Clean',
      preferredDate: '2026-11-30',
      quoteType: 'in-person',
      contactMethod: 'phone',
      timeOfDay: 'afternoon',
      rooms: {},
      agreed: true,
    });
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };

    const before = await status(request.dealId);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^application\/json/);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(await before.json()).toEqual({ dealId: request.dealId, syncedToCrm: false });

    // What the worker's crm.push-booking writes back once HubSpot has the deal.
    await api.db.deal.update({ where: { id: request.dealId }, data: { hubspotId: `hs-${randomUUID()}`, crmSyncedAt: new Date() } });
    expect(await (await status(request.dealId)).json()).toEqual({ dealId: request.dealId, syncedToCrm: true });
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
    ['an injection attempt', "' OR 1=1 --"],
    ['an empty id', ''],
  ])('answers %s with a JSON 404', async (_label, dealId) => {
    const res = await status(dealId);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Booking not found.', code: 'not_found' });
  });

  it('answers a missing dealId with a JSON 404', async () => {
    const res = await fetch(`${api.url}/api/hubspot/portal/bookingStatus`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Booking not found.', code: 'not_found' });
  });
});
