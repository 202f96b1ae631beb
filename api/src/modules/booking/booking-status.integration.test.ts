import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi, uniqueEmail } from '../../../../test/api-server';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { apiErrorBody } from '@app/shared/api-error';

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

  it('gives the reference and the choices, and says whether the booking has reached the CRM', async () => {
    const res = await api.post(
      '/api/hubspot/portal/requestBooking',
      bookingRequestBody({
        email: uniqueEmail('status'),
        squareFootage: 1000,
        serviceType: 'Basic Clean',
        preferredDate: '2026-11-30',
        quoteType: 'in-person',
        contactMethod: 'phone',
        timeOfDay: 'afternoon',
        rooms: {},
      }),
    );
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };

    const before = await status(request.dealId);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^application\/json/);
    expect(before.headers.get('cache-control')).toBe('no-store');
    const { reference } = await api.db.deal.findUniqueOrThrow({ where: { id: request.dealId } });
    const summary = {
      service: 'Basic Clean',
      visitType: null,
      frequency: null,
      squareFootage: 1000,
      preferredDate: '2026-11-30',
      timeOfDay: 'afternoon',
      addOns: [],
      amountCents: 13_410,
      discountPercent: 10,
      contactMethod: 'phone',
      quoteType: 'in-person',
      laterVisitCents: null,
      textsAgreed: true,
    };
    // The reference and what was asked for; nothing about the person (name, address, phone, e-mail).
    expect(await before.json()).toEqual({ dealId: request.dealId, reference, syncedToCrm: false, summary });

    // What the worker's crm.push-booking writes back once HubSpot has the deal.
    await api.db.deal.update({ where: { id: request.dealId }, data: { hubspotId: `hs-${randomUUID()}`, crmSyncedAt: new Date() } });
    expect(await (await status(request.dealId)).json()).toEqual({ dealId: request.dealId, reference, syncedToCrm: true, summary });
  });

  it('prices the later visits of a recurring clean (the discount is the first visit only) and says whether texts were agreed to', async () => {
    const res = await api.post(
      '/api/hubspot/portal/requestBooking',
      bookingRequestBody({
        email: uniqueEmail('status-recurring'),
        squareFootage: 1500,
        serviceType: 'Recurring Clean',
        frequency: 'weekly',
        visitType: 'basic',
        addOns: ['addon-oven'],
        contactMethod: 'text',
        textsAgreed: false,
      }, NOW),
    );
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };
    const { summary } = (await (await status(request.dealId)).json()) as { summary: Record<string, unknown> };
    // $179 + $80: $233.10 the first visit, $259 each visit after it.
    expect(summary).toMatchObject({ frequency: 'weekly', addOns: ['Oven'], amountCents: 23_310, discountPercent: 10, laterVisitCents: 25_900, contactMethod: 'text', textsAgreed: false });
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
    ['an injection attempt', "' OR 1=1 --"],
    ['an empty id', ''],
  ])('answers %s with a JSON 404', async (_label, dealId) => {
    const res = await status(dealId);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(apiErrorBody('Booking not found.', 'not_found'));
  });

  it('answers a missing dealId with a JSON 404', async () => {
    const res = await fetch(`${api.url}/api/hubspot/portal/bookingStatus`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(apiErrorBody('Booking not found.', 'not_found'));
  });
});
