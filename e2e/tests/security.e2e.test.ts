import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { LOGIN_CODE_WRONG, LOGIN_NOT_ELIGIBLE } from '@app/shared/texts';
import { redisKeysHolding, tablesHolding } from '../../test/stores-search';
import { uniquePhone } from '../src/unique-phone';
import { crmContactsByEmail, eventually } from '../src/hubspot-emulator';
import { appUrl } from '../src/app-url';
import { uniqueClientAddress } from '../src/client-address';
import { HttpClient, nextLoginCode } from '../src/http-client';
import { crm } from '../src/portal-customer';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

/**
 * The attacks docs/security.md guards against, end to end against the built system (api and
 * worker from their bundles, the HubSpot and Twilio emulators): each must be refused with a clear
 * 4xx and write nothing.
 * The identity rules are tested in depth in worker/src/crm/identity.integration.test.ts; here
 * they meet the real processes.
 */

let db: Db;
beforeAll(() => {
  db = createPrismaClient(inject('databaseUrl'));
});
afterAll(async () => {
  await db?.$disconnect();
});

const hex = () => randomBytes(4).toString('hex');
const uniqueEmail = (who: string) => `${who}.${hex()}@example.com`;
const newPhone = async () => (await uniquePhone()).e164;
const seconds = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms * 1000));

function booking(email: string, phone: string, name: string) {
  return bookingRequestBody({ name, email, phone, address: { street: '666 Other St', city: 'Atlanta', state: 'GA', zip: '30303' }, rooms: {} });
}

async function synced(dealId: string): Promise<void> {
  await eventually(
    async () => {
      const res = await fetch(new URL(`/api/hubspot/portal/bookingStatus?dealId=${dealId}`, inject('baseUrl')));
      return res.ok && ((await res.json()) as { syncedToCrm: boolean }).syncedToCrm;
    },
    (done) => done,
  );
}

async function signIn(client: HttpClient, who: { email: string; phone: string }): Promise<void> {
  const requested = await client.post('/api/portal/auth/request-code', { email: who.email, phone: who.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
  expect(requested.status, await requested.clone().text()).toBe(200);
  const code = await nextLoginCode(who.phone);
  const verified = await client.post('/api/portal/auth/verify-code', { email: who.email, phone: who.phone, code });
  expect(verified.status, await verified.clone().text()).toBe(200);
}

/** Nothing of this e-mail anywhere: no contact, deal, ticket, signup or outbox event naming it. */
async function nothingWrittenFor(email: string): Promise<void> {
  expect(await db.contact.count({ where: { email } })).toBe(0);
  expect(await db.contactTicket.count({ where: { email } })).toBe(0);
  expect(await db.notifySignup.count({ where: { email } })).toBe(0);
  const [row] = await db.$queryRaw<{ count: bigint }[]>`SELECT count(*) FROM booking_request WHERE payload->>'email' = ${email}`;
  expect(Number(row?.count)).toBe(0);
}

// Their HubSpot setup calls wait out another file's emulated outage (the CRM client waits up to 90 s).
describe('portal identity: forms claim, they never prove', { timeout: 120_000 }, () => {
  it('pre-hijack: a booking with a HubSpot customer\'s e-mail and the attacker\'s phone signs no one in and shows nothing', async () => {
    const victim = { email: uniqueEmail('vera'), phone: await newPhone() };
    const attackerPhone = await newPhone();
    const hubspot = crm();
    const contact = await hubspot.createContact({ email: victim.email, phone: victim.phone, firstname: 'Vera', lastname: 'Victim', address: '1 Real Rd' });

    const res = await new HttpClient().post('/api/hubspot/portal/requestBooking', booking(victim.email, attackerPhone, 'Mallory Attacker'));
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };
    await synced(request.dealId);

    const refused = await new HttpClient().post('/api/portal/auth/request-code', { email: victim.email, phone: attackerPhone, code: '', consentVersion: SMS_CONSENT_VERSION });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: LOGIN_NOT_ELIGIBLE });
    const [after] = await crmContactsByEmail(victim.email);
    expect(after?.id).toBe(contact.id);
    expect(after?.properties).toMatchObject({ phone: victim.phone, firstname: 'Vera', lastname: 'Victim', address: '1 Real Rd' });
  });

  it('CRM overwrite: the contact and notify-me forms leave a HubSpot contact as it was', async () => {
    const email = uniqueEmail('carla');
    const phone = await newPhone();
    const contact = await crm().createContact({ email, phone, firstname: 'Carla', lastname: 'Real', zip: '30030' });
    const ticket = await new HttpClient().post('/api/hubspot/portal/createContactTicket', {
      name: 'Imposter Person',
      email,
      phone: '(404) 555-0000',
      bookingId: '',
      reason: 'Service Inquiry',
      description: 'Change my phone please',
      agreed: true,
    });
    expect(ticket.status).toBe(201);
    const signup = await new HttpClient().post('/api/subscribe', { zip: '30318', email, firstName: 'Imposter', interest: 'Residential Cleaning', website: '' });
    expect(signup.status).toBe(201);
    const pushed = await eventually(
      async () => (await crmContactsByEmail(email))[0],
      (c) => c?.properties.notify_interest === 'Residential Cleaning',
    );
    expect(pushed?.id).toBe(contact.id);
    expect(pushed?.properties).toMatchObject({ phone, firstname: 'Carla', lastname: 'Real', zip: '30030' });
  });
});

describe('requests no browser of ours sends', () => {
  it('a state-changing request from another site is refused and writes nothing', async () => {
    const email = uniqueEmail('cross');
    const res = await new HttpClient({ origin: 'https://evil.example' }).post('/api/hubspot/portal/requestBooking', booking(email, await newPhone(), 'Cross Site'));
    expect(res.status).toBe(403);
    await nothingWrittenFor(email);
  });

  it('oversized, non-JSON and prototype-polluting bodies are refused with 4xx and write nothing', async () => {
    const email = uniqueEmail('body');
    const client = new HttpClient();
    const huge = { ...booking(email, await newPhone(), 'Big Body'), description: 'x'.repeat(200_000) };
    expect((await client.post('/api/hubspot/portal/requestBooking', huge)).status).toBe(413);
    const form = await client.request('/api/hubspot/portal/requestBooking', {
      method: 'POST',
      body: new URLSearchParams({ email, name: 'Form Body' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const broken = await client.request('/api/hubspot/portal/requestBooking', { method: 'POST', body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const body = JSON.stringify(booking(email, await newPhone(), 'Proto Key')).replace(/^\{/, `{"${key}":{"isAdmin":true},`);
      const res = await client.request('/api/hubspot/portal/requestBooking', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect(res.status, key).toBe(400);
    }
    await nothingWrittenFor(email);
  });

  it('a session cookie replayed after logout is refused', async () => {
    const email = uniqueEmail('replay');
    const phone = await newPhone();
    const res = await new HttpClient().post('/api/hubspot/portal/requestBooking', booking(email, phone, 'Rita Replay'));
    expect(res.status).toBe(201);
    const client = new HttpClient();
    await signIn(client, { email, phone });
    const stolen = client.cookieHeader;
    expect((await client.request('/api/portal/deals')).status).toBe(200);
    expect((await client.post('/api/portal/logout', {})).status).toBeLessThan(300);

    const replay = await fetch(new URL('/api/portal/deals', inject('baseUrl')), { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
  });
});

/** A customer with a booking, so the portal lets them ask for a code. */
async function bookedCustomer(who: string): Promise<{ email: string; phone: string }> {
  const customer = { email: uniqueEmail(who), phone: await newPhone() };
  const res = await new HttpClient().post('/api/hubspot/portal/requestBooking', booking(customer.email, customer.phone, 'Sam Secure'));
  expect(res.status).toBe(201);
  return customer;
}

describe('login codes', () => {
  it('a code just texted is nowhere at rest: not in any table, not in Redis (queue jobs included)', async () => {
    const customer = await bookedCustomer('rest');
    const client = new HttpClient();
    expect((await client.post('/api/portal/auth/request-code', { ...customer, code: '', consentVersion: SMS_CONSENT_VERSION })).status).toBe(200);
    // Read from the Twilio emulator: the worker has sent it, its job is finished and kept.
    const code = await nextLoginCode(customer.phone);
    expect(await tablesHolding(db, code)).toEqual([]);
    expect(await redisKeysHolding(inject('redisUrl'), inject('queuePrefix'), code)).toEqual([]);
    // And it is the live code: it signs in.
    expect((await client.post('/api/portal/auth/verify-code', { ...customer, code })).status).toBe(200);
  });

  it('brute force: ten wrong codes in a row, over two codes, lock the account', { timeout: 90_000 }, async () => {
    const customer = await bookedCustomer('brute');
    const client = new HttpClient();
    const guess = (code: string) => client.post('/api/portal/auth/verify-code', { ...customer, code });
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

    expect((await client.post('/api/portal/auth/request-code', { ...customer, code: '', consentVersion: SMS_CONSENT_VERSION })).status).toBe(200);
    const first = await nextLoginCode(customer.phone);
    for (let i = 0; i < 5; i++) expect((await guess(wrongFor(first))).status).toBe(401);
    // The first code is spent; a second one may be asked for after the minimum gap.
    await seconds(31);
    expect((await client.post('/api/portal/auth/request-code', { ...customer, code: '', consentVersion: SMS_CONSENT_VERSION })).status).toBe(200);
    const second = await nextLoginCode(customer.phone, [first]);
    for (let i = 0; i < 4; i++) {
      const res = await guess(wrongFor(second));
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: LOGIN_CODE_WRONG });
    }
    const tenth = await guess(wrongFor(second));
    expect(tenth.status).toBe(429);
    expect(await tenth.json()).toMatchObject({ code: 'login_locked', error: expect.stringMatching(/sign-in is paused until .+ ET\./) });
    expect(Number(tenth.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right code no longer signs in (spent by the fifth wrong guess), no session is made,
    // and the lock is the account's, held in the database for a minute.
    const right = await guess(second);
    expect(right.status).toBe(401);
    expect(client.cookies.has('sid')).toBe(false);
    const contact = await db.contact.findFirst({ where: { email: customer.email } });
    expect(contact?.loginFailedStreak).toBe(10);
    expect(contact?.loginLockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it('one address gets 30 guesses per 15 minutes whatever accounts they aim at, and a spoofed X-Forwarded-For entry does not reset that', async () => {
    const address = uniqueClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      // The client puts its own entry first; the trusted proxy appends the real address.
      const client = new HttpClient({ 'x-forwarded-for': `198.51.100.${i + 1}, ${address}` });
      const res = await client.post('/api/portal/auth/verify-code', { email: uniqueEmail('guess'), phone: await newPhone(), code: '123456' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not held back by it.
    const other = await new HttpClient().post('/api/portal/auth/verify-code', { email: uniqueEmail('guess'), phone: await newPhone(), code: '123456' });
    expect(other.status).toBe(401);
  });
});

describe('headers', () => {
  it('every kind of answer carries the security headers: page, asset, legal page, JSON, 404, refused request', async () => {
    const index = await (await fetch(appUrl('/'))).text();
    const script = /<script[^>]+src="([^"]+)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    const answers = await Promise.all([
      fetch(appUrl('/')),
      fetch(appUrl('/pricing')),
      fetch(appUrl(script!)),
      fetch(appUrl('/legal/privacy.html')),
      fetch(appUrl('/healthz')),
      fetch(appUrl('/api/portal/me')),
      fetch(appUrl('/api/nope')),
      new HttpClient({ origin: 'https://evil.example' }).post('/api/subscribe', {}),
    ]);
    for (const res of answers) {
      const where = `${res.status} ${res.url}`;
      expect(res.headers.get('content-security-policy'), where).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
      expect(res.headers.get('content-security-policy'), where).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy'), where).toContain('camera=()');
      expect(res.headers.get('x-frame-options'), where).toBe('DENY');
    }
  });

  it('a client\'s X-Forwarded-Host does not shape the staff sign-in redirect', async () => {
    const res = await new HttpClient({ 'x-forwarded-host': 'evil.example' }).request('/api/auth/google');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    const redirectUri = new URL(location.searchParams.get('redirect_uri') ?? '');
    expect(redirectUri.host).toBe(new URL(inject('baseUrl')).host);
    expect(redirectUri.pathname).toBe('/api/auth/google/callback');
  });
});
