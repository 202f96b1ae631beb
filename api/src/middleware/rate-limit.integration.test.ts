import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi, uniqueEmail } from '../../../test/api-server';
import type { RateLimitSettings } from './rate-limit';
import { apiErrorBody } from '@app/shared/api-error';

const NOW = new Date('2026-11-22T15:00:00Z');
const CONTACT = '/api/hubspot/portal/createContactTicket';
const SUBSCRIBE = '/api/subscribe';
const BOOKING = '/api/hubspot/portal/requestBooking';
const RATE_LIMITED = apiErrorBody('Too many requests. Please try again later.', 'rate_limited');

const ticket = () => ({ name: 'Ann Lee', email: uniqueEmail('rl'), phone: '4045551234', reason: 'General Question', description: 'Hi', agreed: true });
const signup = () => ({ zip: '30303', email: uniqueEmail('rl'), firstName: 'Grace', interest: 'Residential Cleaning', website: '' });

function startLimited(label: string, rateLimit: Partial<RateLimitSettings>) {
  return startTestApi(label, {
    now: () => NOW,
    publicPosts: { rateLimit: { max: 3, windowMs: 60_000, trustedProxyHops: 0, ...rateLimit }, idempotencyTtlMs: 3_600_000 },
  });
}

describe('per-address rate limit of the public POSTs', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startLimited('rate-limit', {});
  });
  afterAll(async () => {
    await api.close();
  });

  it('the request over the limit gets 429 with Retry-After and writes nothing; bad requests count too', async () => {
    expect((await api.post(CONTACT, ticket())).status).toBe(201);
    expect((await api.post(CONTACT, { ...ticket(), name: 'Ann' })).status).toBe(400);
    expect((await api.post(CONTACT, ticket())).status).toBe(201);

    const over = ticket();
    const res = await api.post(CONTACT, over);
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(RATE_LIMITED);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await api.db.contactTicket.count({ where: { email: over.email } })).toBe(0);
  });

  it('a forged X-Forwarded-For does not get a fresh allowance (the socket address counts)', async () => {
    const res = await api.post(CONTACT, ticket(), { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250)}` });
    expect(res.status).toBe(429);
  });

  it('an Idempotency-Key replay is limited too', async () => {
    const res = await api.post(CONTACT, ticket(), { 'Idempotency-Key': randomUUID() });
    expect(res.status).toBe(429);
  });

  it('each form has its own allowance', async () => {
    for (let i = 0; i < 3; i++) expect((await api.post(SUBSCRIBE, signup())).status).toBe(201);
    expect((await api.post(SUBSCRIBE, signup())).status).toBe(429);
    // The booking form has not been used from this address yet: a bad request is still a 400, not a 429.
    expect((await api.post(BOOKING, {})).status).toBe(400);
  });

  it('reading a booking status is not limited', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await fetch(`${api.url}/api/hubspot/portal/bookingStatus?dealId=${randomUUID()}`)).status).toBe(404);
    }
  });
});

describe('rate limit windows and proxies', () => {
  it('the allowance comes back when the window has passed', async () => {
    const api = await startLimited('rl-window', { max: 1, windowMs: 1_000 });
    try {
      expect((await api.post(SUBSCRIBE, signup())).status).toBe(201);
      const limited = await api.post(SUBSCRIBE, signup());
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('1');
      await sleep(1_100);
      expect((await api.post(SUBSCRIBE, signup())).status).toBe(201);
    } finally {
      await api.close();
    }
  });

  it('behind one trusted proxy, the address that proxy saw counts; entries left of it are ignored', async () => {
    const api = await startLimited('rl-proxy', { max: 1, trustedProxyHops: 1 });
    try {
      expect((await api.post(SUBSCRIBE, signup(), { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(201);
      // The client writes anything it likes in front; our proxy appends the real address.
      expect((await api.post(SUBSCRIBE, signup(), { 'X-Forwarded-For': '10.9.9.9, 198.51.100.7' })).status).toBe(429);
      // Another client behind the same proxy has its own allowance.
      expect((await api.post(SUBSCRIBE, signup(), { 'X-Forwarded-For': '198.51.100.8' })).status).toBe(201);
    } finally {
      await api.close();
    }
  });

  it('max 0 turns the limit off', async () => {
    const api = await startLimited('rl-off', { max: 0 });
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => api.post(SUBSCRIBE, signup())));
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    } finally {
      await api.close();
    }
  });
});
