import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProduct } from '@app/shared/catalogue';
import { type TestApi, startTestApi, uniqueEmail } from '../../../../test/api-server';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { apiErrorBody } from '@app/shared/api-error';

const PATH = '/api/hubspot/portal/requestBooking';
const TOO_SOON = 'Please choose a date at least 5 days from today.';

/** The app's clock; each test sets it. */
let now = new Date('2026-11-22T15:00:00Z'); // 10:00 on Sunday 22 November in Atlanta

/** A booking for 27 November, valid at the first clock; an override may break it on purpose. */
function validBooking(overrides: Record<string, unknown> = {}) {
  return { ...bookingRequestBody({ email: uniqueEmail('jane'), preferredDate: '2026-11-27', description: 'Two dogs at home.' }), ...overrides };
}
const withAddress = (patch: Record<string, unknown>) => ({ address: { ...bookingRequestBody().address, ...patch } });

describe('public booking form rules on the server (POST requestBooking)', () => {
  let api: TestApi;
  const counts = async () => ({
    deals: await api.db.deal.count(),
    requests: await api.db.bookingRequest.count(),
    contacts: await api.db.contact.count(),
    events: await api.db.outboxEvent.count(),
  });
  const dealOf = async (res: Response) => {
    const { request } = (await res.json()) as { request: { dealId: string } };
    return api.db.deal.findUniqueOrThrow({ where: { id: request.dealId }, include: { bookingRequest: true, contact: true } });
  };

  beforeAll(async () => {
    api = await startTestApi('booking-rules', { now: () => now });
  });
  afterAll(async () => {
    await api.close();
  });

  it.each([
    ['no name', { name: '  ' }, 'name', 'Please enter your name.'],
    ['a phone without +1', { phone: '4045551234' }, 'phone', 'Please enter a valid 10-digit US phone number.'],
    ['a phone of 9 digits', { phone: '+1404555123' }, 'phone', 'Please enter a valid 10-digit US phone number.'],
    ['no phone', { phone: undefined }, 'phone', 'Please enter a valid 10-digit US phone number.'],
    ['a bad e-mail', { email: 'jane@' }, 'email', 'Please enter a valid email address.'],
    ['no street', withAddress({ street: '' }), 'address.street', 'Please enter your street address.'],
    ['no city', withAddress({ city: ' ' }), 'address.city', 'Please enter your city.'],
    ['a 3-letter state', withAddress({ state: 'GEO' }), 'address.state', 'Please enter a 2-letter state code.'],
    ['a state with digits', withAddress({ state: 'G1' }), 'address.state', 'Please enter a 2-letter state code.'],
    ['a 4-digit zip', withAddress({ zip: '3030' }), 'address.zip', 'Please enter a valid 5-digit zip code.'],
    ['a zip with letters', withAddress({ zip: '3030a' }), 'address.zip', 'Please enter a valid 5-digit zip code.'],
    ['no address', { address: undefined }, 'address', 'Please enter your address.'],
    ['a square footage off the select', { squareFootage: 1200 }, 'squareFootage', 'Invalid square footage selected'],
    ['a square footage as text', { squareFootage: '1500' }, 'squareFootage', 'Invalid square footage selected'],
    ['no service', { serviceType: 'Window Washing' }, 'serviceType', 'Please choose a service.'],
    ['no contact method', { contactMethod: undefined }, 'contactMethod', 'Please choose how we should contact you.'],
    ['no date', { preferredDate: undefined }, 'preferredDate', 'Please choose a preferred date.'],
    ['an impossible date', { preferredDate: '2026-11-31' }, 'preferredDate', 'Please choose a preferred date.'],
    ['no time of day', { timeOfDay: 'midnight' }, 'timeOfDay', 'Please choose a time of day.'],
    ['no assessment type', { quoteType: undefined }, 'quoteType', 'Please choose an in-person or virtual assessment.'],
    ['no consent', { agreed: false }, 'agreed', 'You must consent to allowing Atlanta Home Cleaning LLC to contact you before submitting.'],
    ['a description over 2000 characters', { description: 'x'.repeat(2001) }, 'description', 'Please keep the description under 2000 characters.'],
  ])('refuses %s: 400 with the message and the field, nothing written', async (_label, override, field, message) => {
    now = new Date('2026-11-22T15:00:00Z');
    const before = await counts();
    const res = await api.post(PATH, validBooking(override));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(apiErrorBody(message, 'validation_failed', field));
    expect(await counts()).toEqual(before);
  });

  it('the description is optional; the state is upper-cased', async () => {
    now = new Date('2026-11-22T15:00:00Z');
    const res = await api.post(PATH, validBooking({ description: undefined, ...withAddress({ state: 'ga' }) }));
    expect(res.status).toBe(201);
    const deal = await dealOf(res);
    expect(deal.state).toBe('GA');
    expect(deal.bookingRequest?.description).toBeNull();
  });

  it('an out-of-area zip is accepted (the form only warns)', async () => {
    now = new Date('2026-11-22T15:00:00Z');
    const res = await api.post(PATH, validBooking(withAddress({ zip: '90210', state: 'CA' })));
    expect(res.status).toBe(201);
    expect((await dealOf(res)).zip).toBe('90210');
  });

  it.each([
    // 10:00 in Atlanta on 22 November: the 27th is 5 days ahead, the 26th only 4.
    ['10:00 Eastern', '2026-11-22T15:00:00Z'],
    // 22:30 in Atlanta is already 23 November in UTC: the rule counts from Atlanta's day.
    ['22:30 Eastern (next day in UTC)', '2026-11-23T03:30:00Z'],
  ])('a date 4 days ahead is refused and 5 days ahead accepted, at %s', async (_label, instant) => {
    now = new Date(instant);
    const before = await counts();
    const early = await api.post(PATH, validBooking({ preferredDate: '2026-11-26' }));
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual(apiErrorBody(TOO_SOON, 'validation_failed', 'preferredDate'));
    expect(await counts()).toEqual(before);

    const ok = await api.post(PATH, validBooking({ preferredDate: '2026-11-27' }));
    expect(ok.status).toBe(201);
    expect((await dealOf(ok)).preferredDate?.toISOString().slice(0, 10)).toBe('2026-11-27');
  });

  it('a day later the same date is refused: the clock is read at every request', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const res = await api.post(PATH, validBooking({ preferredDate: '2026-11-27' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(TOO_SOON);
  });

  it('prices on the server from the catalogue; a price sent by the browser never gets in (400, nothing written)', async () => {
    now = new Date('2026-11-22T15:00:00Z');
    const before = await counts();
    for (const price of [{ amountCents: 1 }, { price: 1 }, { skus: ['trash-removal'] }]) {
      const res = await api.post(PATH, validBooking(price));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe('');
    }
    expect(await counts()).toEqual(before);

    const res = await api.post(PATH, validBooking({ serviceType: 'Basic Clean', squareFootage: 2000 }));
    expect(res.status).toBe(201);
    const deal = await dealOf(res);
    const product = findProduct(deal.skus[0] ?? '');
    expect(product?.priceCents).toBe(28_900); // Single Basic Clean 1501-2000: $289 (docs/product.md §9)
    // A first booking of this e-mail: 10% off, stored after the discount.
    expect(deal.discountPercent).toBe(10);
    expect(deal.amountCents).toBe(26_010);
  });

  it('stores markup verbatim as text and answers JSON', async () => {
    now = new Date('2026-11-22T15:00:00Z');
    const script = '<script>alert(1)</script>';
    const res = await api.post(PATH, validBooking({ description: script, ...withAddress({ street: `<img src=x onerror=alert(1)> 1 Main St` }) }));
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const deal = await dealOf(res);
    expect(deal.bookingRequest?.description).toBe(script);
    expect(deal.street).toBe('<img src=x onerror=alert(1)> 1 Main St');
    expect((deal.bookingRequest?.payload as { description: string }).description).toBe(script);
  });

  it('refuses text/plain with 415, a 1 MB body with 413 and broken JSON with 400, writing nothing', async () => {
    now = new Date('2026-11-22T15:00:00Z');
    const before = await counts();
    const plain = await fetch(`${api.url}${PATH}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(validBooking()) });
    expect(plain.status).toBe(415);
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await plain.json()).toEqual(apiErrorBody('Send the request body as application/json.', 'unsupported_media_type'));

    const huge = await api.post(PATH, validBooking({ description: 'x'.repeat(1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual(apiErrorBody('The request body is too large.', 'payload_too_large'));

    const broken = await api.post(PATH, '{"name": "Jane",');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual(apiErrorBody('The request body is not valid JSON.', 'bad_request'));
    expect(await counts()).toEqual(before);
  });
});
