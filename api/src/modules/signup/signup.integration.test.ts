import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi, uniqueEmail } from '../../../../test/api-server';
import { apiErrorBody } from '@app/shared/api-error';

const PATH = '/api/subscribe';
const NOW = new Date('2026-11-22T15:00:00Z');

function validSignup(overrides: Record<string, unknown> = {}) {
  return { zip: '30303', email: uniqueEmail('grace'), firstName: 'Grace', interest: 'Residential Cleaning', website: '', ...overrides };
}

describe('POST /api/subscribe', () => {
  let api: TestApi;
  const counts = async () => ({ signups: await api.db.notifySignup.count(), events: await api.db.outboxEvent.count() });
  const eventsOf = (signupId: string) => api.db.outboxEvent.findMany({ where: { aggregateId: signupId }, orderBy: { createdAt: 'asc' } });

  beforeAll(async () => {
    api = await startTestApi('signup', { now: () => NOW });
  });
  afterAll(async () => {
    await api.close();
  });

  it('stores the signup with its outbox event, answers 201 { success: true } and nudges the relay', async () => {
    const body = validSignup();
    const nudgesBefore = api.nudges();
    const res = await api.post(PATH, body);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ success: true });

    const signup = await api.db.notifySignup.findUniqueOrThrow({ where: { email: body.email } });
    expect(signup).toMatchObject({ zip: '30303', firstName: 'Grace', interest: 'Residential Cleaning', hubspotId: null });
    const events = await eventsOf(signup.id);
    expect(events.map((e) => [e.type, e.aggregateType, e.payload])).toEqual([
      ['crm.record-signup', 'notify_signup', { signupId: signup.id }],
    ]);
    await expect.poll(() => api.nudges()).toBeGreaterThan(nudgesBefore);
  });

  it('signing up again keeps one row per e-mail: same answers change nothing, new answers update it and push again', async () => {
    const body = validSignup({ email: uniqueEmail('Repeat').toUpperCase() });
    const email = body.email.toLowerCase();
    expect((await api.post(PATH, body)).status).toBe(201);
    const first = await api.db.notifySignup.findUniqueOrThrow({ where: { email } });

    expect((await api.post(PATH, body)).status).toBe(201);
    expect(await api.db.notifySignup.count({ where: { email } })).toBe(1);
    expect(await eventsOf(first.id)).toHaveLength(1);

    await api.db.notifySignup.update({ where: { id: first.id }, data: { hubspotId: '901', crmSyncedAt: new Date() } });
    const res = await api.post(PATH, { ...body, zip: '30305', interest: 'Landlord Partnership', firstName: 'Gracie' });
    expect(res.status).toBe(201);
    const rows = await api.db.notifySignup.findMany({ where: { email } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, zip: '30305', interest: 'Landlord Partnership', firstName: 'Gracie', crmSyncedAt: null });
    expect(rows[0]!.createdAt).toEqual(first.createdAt);
    const events = await eventsOf(first.id);
    expect(events).toHaveLength(2);
    expect(events[1]?.payload).toEqual({ signupId: first.id });
  });

  it('concurrent signups of one e-mail leave one row', async () => {
    const body = validSignup();
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.post(PATH, body)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const rows = await api.db.notifySignup.findMany({ where: { email: body.email } });
    expect(rows).toHaveLength(1);
    expect(await eventsOf(rows[0]!.id)).toHaveLength(1);
  });

  it.each([
    ['a filled honeypot', { website: 'http://spam.example' }],
    ['a filled honeypot with otherwise bad data', { website: 'x', zip: 'abc', interest: 'Spam' }],
  ])('answers %s with the same success and writes nothing', async (_label, override) => {
    const before = await counts();
    const body = validSignup(override);
    const res = await api.post(PATH, body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true });
    expect(await counts()).toEqual(before);
    expect(await api.db.notifySignup.count({ where: { email: body.email } })).toBe(0);
  });

  it('accepts the payload without the honeypot field', async () => {
    const { website: _website, ...body } = validSignup();
    expect((await api.post(PATH, body)).status).toBe(201);
    expect(await api.db.notifySignup.count({ where: { email: body.email } })).toBe(1);
  });

  it.each([
    ['a 4-digit zip', { zip: '3030' }, 'zip', 'Whoops! Zip code only please — just 5 numbers, no letters or symbols.'],
    ['a zip with letters', { zip: '3030a' }, 'zip', 'Whoops! Zip code only please — just 5 numbers, no letters or symbols.'],
    ['a zip+4', { zip: '30303-1234' }, 'zip', 'Whoops! Zip code only please — just 5 numbers, no letters or symbols.'],
    ['no zip', { zip: undefined }, 'zip', 'Whoops! Zip code only please — just 5 numbers, no letters or symbols.'],
    ['a zip outside the area', { zip: '90210' }, 'zip', "Our mops aren't in your area quite yet. Check back later, we're always adding more."],
    ['a bad e-mail', { email: 'grace@example' }, 'email', 'Please enter a valid email address.'],
    ['no e-mail', { email: undefined }, 'email', 'Please enter a valid email address.'],
    ['a blank first name', { firstName: '  ' }, 'firstName', 'Please enter your first name.'],
    ['no first name', { firstName: undefined }, 'firstName', 'Please enter your first name.'],
    ['an unknown interest', { interest: 'Pool Cleaning' }, 'interest', 'Please select an interest type.'],
    ['no interest', { interest: undefined }, 'interest', 'Please select an interest type.'],
    ['an unknown field', { coupon: 'FREE' }, '', 'Unrecognized key: "coupon"'],
  ])('refuses %s: 400 naming the field, nothing written', async (_label, override, field, message) => {
    const before = await counts();
    const res = await api.post(PATH, validSignup(override));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(apiErrorBody(message, 'validation_failed', field));
    expect(await counts()).toEqual(before);
  });

  it('stores markup verbatim as text', async () => {
    const body = validSignup({ firstName: '<script>alert(1)</script>' });
    const res = await api.post(PATH, body);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await api.db.notifySignup.findUniqueOrThrow({ where: { email: body.email } })).firstName).toBe('<script>alert(1)</script>');
  });

  it('refuses text/plain with 415 and a 1 MB body with 413, writing nothing', async () => {
    const before = await counts();
    const plain = await fetch(`${api.url}${PATH}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(validSignup()) });
    expect(plain.status).toBe(415);
    const huge = await api.post(PATH, validSignup({ firstName: 'x'.repeat(1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'payload_too_large' });
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/waitlist', () => {
  let api: TestApi;
  const counts = async () => ({ signups: await api.db.notifySignup.count(), events: await api.db.outboxEvent.count() });

  beforeAll(async () => {
    api = await startTestApi('waitlist', { now: () => NOW });
  });
  afterAll(async () => {
    await api.close();
  });

  it('takes a zip outside the service area, as a signup with its outbox event', async () => {
    const body = validSignup({ zip: '90210' });
    const res = await api.post('/api/waitlist', body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true });
    const signup = await api.db.notifySignup.findUniqueOrThrow({ where: { email: body.email } });
    expect(signup).toMatchObject({ zip: '90210', firstName: 'Grace', interest: 'Residential Cleaning' });
    expect(await api.db.outboxEvent.count({ where: { aggregateId: signup.id, type: 'crm.record-signup' } })).toBe(1);
    // The pre-launch form still refuses that zip (docs/product.md §5).
    const prelaunch = await api.post('/api/subscribe', validSignup({ zip: '90210' }));
    expect(await prelaunch.json()).toMatchObject({ field: 'zip', error: "Our mops aren't in your area quite yet. Check back later, we're always adding more." });
  });

  it.each([
    ['a zip we serve', { zip: '30303' }, 'We already clean in this zip code. You can book a cleaning now.'],
    ['a zip with letters', { zip: '9021a' }, 'Whoops! Zip code only please — just 5 numbers, no letters or symbols.'],
  ])('refuses %s: 400 naming the zip, nothing written', async (_label, override, message) => {
    const before = await counts();
    const res = await api.post('/api/waitlist', validSignup(override));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(apiErrorBody(message, 'validation_failed', 'zip'));
    expect(await counts()).toEqual(before);
  });

  it('answers a filled honeypot with success and writes nothing', async () => {
    const before = await counts();
    const res = await api.post('/api/waitlist', validSignup({ zip: '90210', website: 'https://spam.example' }));
    expect(res.status).toBe(201);
    expect(await counts()).toEqual(before);
  });
});
