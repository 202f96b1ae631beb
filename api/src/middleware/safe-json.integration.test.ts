import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { BODY_KEY_NOT_ALLOWED, DATE_TOO_FAR, TEXT_HAS_INVALID_CHARACTERS } from '@app/shared/texts';
import { startPortalApi, TestBrowser, type PortalApi } from '../../../test/portal-app';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { apiErrorBody } from '@app/shared/api-error';

const START = new Date('2026-11-22T15:00:00Z');

/** Named 'Jane Doe' with no rooms: tests below edit that JSON text; an override may break the body on purpose. */
function booking(email: string, overrides: Record<string, unknown> = {}) {
  return { ...bookingRequestBody({ name: 'Jane Doe', email, preferredDate: '2026-11-27', rooms: {} }), ...overrides };
}

/** Text the database or a merge would choke on is refused at the door, naming the field, and nothing is written. */
describe('bodies no form of ours sends', () => {
  let api: PortalApi;
  beforeAll(async () => {
    api = await startPortalApi('safe-json', START);
  });
  afterAll(() => api.close());

  const post = (body: string) =>
    fetch(`${api.url}/api/hubspot/portal/requestBooking`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  const nothingFor = async (email: string) => expect(await api.db.contact.count({ where: { email } })).toBe(0);

  it.each([
    ['a NUL byte in the name', { name: 'Jane\u0000Doe' }, 'name'],
    ['an escape character in the street', { address: { street: '12 Peach\u001btree', city: 'Atlanta', state: 'GA', zip: '30303' } }, 'address.street'],
    ['a C1 control in the description', { description: 'Dogs\u0085at home' }, 'description'],
  ])('refuses %s with 400 naming the field', async (_what, overrides, field) => {
    const email = `ctl.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await post(JSON.stringify(booking(email, overrides)));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(apiErrorBody(TEXT_HAS_INVALID_CHARACTERS, 'validation_failed', field));
    await nothingFor(email);
  });

  it('refuses a lone surrogate (broken Unicode) in a text field', async () => {
    const email = `sur.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const body = JSON.stringify(booking(email)).replace('"Jane Doe"', '"Jane \\ud800Doe"');
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed', field: 'name' });
    await nothingFor(email);
  });

  it('keeps line breaks and tabs in a message, and emoji (surrogate pairs)', async () => {
    const email = `ok.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await new TestBrowser(api.url).post('/api/hubspot/portal/requestBooking', booking(email, { description: 'Two dogs\n\tand a cat 🐈' }));
    expect(res.status).toBe(201);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses a %s key anywhere in the body', async (key) => {
    const email = `proto.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const body = JSON.stringify(booking(email)).replace('"rooms":{}', `"rooms":{"${key}":{"polluted":true}}`);
    const res = await post(body);
    expect(res.status).toBe(400);
    // The JSON parser itself refuses __proto__ (as malformed); the other two reach safeJson.
    expect(await res.json()).toEqual(
      key === '__proto__'
        ? apiErrorBody('The request body is not valid JSON.', 'bad_request')
        : apiErrorBody(BODY_KEY_NOT_ALLOWED, 'bad_request', `rooms.${key}`),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await nothingFor(email);
  });

  it('refuses a preferred date more than a year ahead (9999-12-31 was once accepted and pushed)', async () => {
    for (const preferredDate of ['9999-12-31', addDays(easternToday(START), 366)]) {
      const email = `far.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const res = await post(JSON.stringify(booking(email, { preferredDate })));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(apiErrorBody(DATE_TOO_FAR, 'validation_failed', 'preferredDate'));
      await nothingFor(email);
    }
    const email = `year.${Math.random().toString(36).slice(2, 8)}@example.com`;
    expect((await post(JSON.stringify(booking(email, { preferredDate: addDays(easternToday(START), 365) })))).status).toBe(201);
  });
});
