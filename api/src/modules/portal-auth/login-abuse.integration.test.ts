import { BUDGETED_PURPOSES } from '@app/db/sms-budget';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEastern } from '@app/shared/eastern-time';
import { LOGIN_SMS_BUDGET_SPENT, loginLocked } from '@app/shared/texts';
import { createOwnTestDatabase } from '../../../../test/context';
import type { TestDatabase } from '../../../../test/database';
import { createCustomer, latestCode, startPortalApi, TestBrowser, type PortalApi, type TestCustomer } from '../../../../test/portal-app';
import { LOGIN_CODE_RULES } from './service';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { apiErrorBody } from '@app/shared/api-error';

const MINUTE = 60_000;
const START = new Date('2026-11-22T15:00:00Z');
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * The login's abuse limits (docs/login-security.md, NIST SP 800-63B): wrong codes lock the
 * account with growing delays and are capped per 30 days, codes per phone per day, the company's
 * text budget, and guesses per client address. The API's clock is moved, never waited for.
 */
describe('login abuse limits', () => {
  let api: PortalApi;
  // Its own database: spending the text budget here must not refuse other files' codes.
  let database: TestDatabase;
  const budget = { perHour: 1_000, perDay: 5_000 };

  beforeAll(async () => {
    database = await createOwnTestDatabase('login-abuse');
    api = await startPortalApi('login-abuse', START, { metrics: true, smsBudget: budget, databaseUrl: database.url });
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  const requestCode = (browser: TestBrowser, c: { email: string; phone: string }) =>
    browser.post('/api/portal/auth/request-code', { email: c.email, phone: c.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
  const verify = (browser: TestBrowser, c: { email: string; phone: string }, code: string) =>
    browser.post('/api/portal/auth/verify-code', { email: c.email, phone: c.phone, code });

  /** A fresh code for the customer, past every sending limit of the phone (the clock moves 16 minutes). */
  async function freshCode(customer: TestCustomer): Promise<string> {
    api.clock.advance(16 * MINUTE);
    const res = await requestCode(new TestBrowser(api.url), customer);
    expect(res.status, await res.clone().text()).toBe(200);
    return latestCode(api, customer.phone);
  }

  /** `n` wrong codes, each from its own address, new codes fetched as codes void. */
  async function wrongCodes(customer: TestCustomer, n: number): Promise<Response> {
    let last: Response | undefined;
    let code = await freshCode(customer);
    for (let i = 1; i <= n; i++) {
      last = await verify(new TestBrowser(api.url), customer, otherCode(code));
      if (i % LOGIN_CODE_RULES.maxAttempts === 0 && i < n) code = await freshCode(customer);
    }
    return last!;
  }

  it('locks sign-in after 10 wrong codes in a row, for a minute, then twice as long per further wrong code; a right code starts over', async () => {
    const customer = await createCustomer(api.db);
    const ninth = await wrongCodes(customer, 9);
    expect(ninth.status).toBe(401);

    const code = await freshCode(customer);
    const tenth = await verify(new TestBrowser(api.url), customer, otherCode(code));
    const until = new Date(api.clock.now().getTime() + MINUTE);
    expect(tenth.status).toBe(429);
    expect(tenth.headers.get('retry-after')).toBe('60');
    expect(await tenth.json()).toEqual(apiErrorBody(loginLocked(`${formatEastern(until)} ET`), 'login_locked'));

    // Locked: even the right code is refused, and no new code is sent.
    const right = await verify(new TestBrowser(api.url), customer, code);
    expect(right.status).toBe(429);
    const codesBefore = await api.db.otpChallenge.count({ where: { contactId: customer.id, codeHmac: { not: null } } });
    api.clock.advance(31_000); // past the 30 s between two codes to a phone, still within the lock
    const refused = await requestCode(new TestBrowser(api.url), customer);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'login_locked' });
    expect(await api.db.otpChallenge.count({ where: { contactId: customer.id, codeHmac: { not: null } } })).toBe(codesBefore);

    // The eleventh wrong code locks for two minutes.
    api.clock.advance(30_000);
    const next = await freshCode(customer);
    const eleventh = await verify(new TestBrowser(api.url), customer, otherCode(next));
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toBe('120');

    // Once the lock is over, the right code signs in and the streak starts over.
    api.clock.advance(2 * MINUTE);
    const browser = new TestBrowser(api.url);
    expect((await verify(browser, customer, next)).status).toBe(200);
    expect(await api.db.contact.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({ loginFailedStreak: 0, loginLockedUntil: null });
    expect((await wrongCodes(customer, 1)).status).toBe(401);
  });

  it('never allows more than 100 wrong codes in 30 days, however they are spaced', async () => {
    const customer = await createCustomer(api.db);
    const now = api.clock.now().getTime();
    // 99 wrong codes over the last 29 days (never 10 in a row without a right one in between).
    const failures = Array.from({ length: 99 }, (_, i) => ({ contactId: customer.id, failedAt: new Date(now - (29 * 24 * 60 - i * 10) * MINUTE) }));
    await api.db.loginFailure.createMany({ data: failures });

    const hundredth = await wrongCodes(customer, 1);
    expect(hundredth.status).toBe(429);
    const oldest = failures[0]!.failedAt.getTime();
    const until = new Date(oldest + LOGIN_CODE_RULES.lock.windowMs);
    expect(await hundredth.json()).toEqual(apiErrorBody(loginLocked(`${formatEastern(until)} ET`), 'login_locked'));
  });

  it('sends at most 10 codes to a phone in 24 hours', async () => {
    const customer = await createCustomer(api.db);
    for (let i = 0; i < LOGIN_CODE_RULES.perPhoneDaily.max; i++) await freshCode(customer);
    api.clock.advance(16 * MINUTE);
    const eleventh = await requestCode(new TestBrowser(api.url), customer);
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(60 * 60);
  });

  it('refuses login codes once the hourly text budget is spent, writes nothing, and /metrics raises the alert', async () => {
    const customer = await createCustomer(api.db);
    api.clock.advance(2 * 60 * MINUTE);
    const at = api.clock.now();
    // Texts about cleanings and texts never sent do not count: a morning of confirmations leaves login codes alone.
    await api.db.smsMessage.createMany({
      data: Array.from({ length: budget.perHour }, (_, i) => ({ purpose: i % 2 ? ('cleaning_confirmed' as const) : ('login_code' as const), status: i % 2 ? ('delivered' as const) : ('canceled' as const), to: '+14045550198', createdAt: at })),
    });
    expect((await requestCode(new TestBrowser(api.url), await createCustomer(api.db))).status).toBe(200);
    const sent = await api.db.smsMessage.count({
      where: { createdAt: { gt: new Date(at.getTime() - 60 * MINUTE) }, purpose: { in: [...BUDGETED_PURPOSES] }, status: { not: 'canceled' } },
    });
    await api.db.smsMessage.createMany({
      data: Array.from({ length: Math.max(0, budget.perHour - sent) }, () => ({ purpose: 'staff_invite' as const, to: '+14045550199', createdAt: at })),
    });
    const challenges = await api.db.otpChallenge.count();
    const res = await requestCode(new TestBrowser(api.url), customer);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('300');
    expect(await res.json()).toEqual(apiErrorBody(LOGIN_SMS_BUDGET_SPENT, 'sms_budget_spent'));
    expect(await api.db.otpChallenge.count()).toBe(challenges);

    const metrics = await (await fetch(`${api.url}/metrics`)).text();
    expect(metrics).toContain('sms_budget_exhausted{window="hour"} 1');
    expect(metrics).toContain(`sms_budget_limit{window="hour"} ${budget.perHour}`);

    // An hour on, the budget is free again.
    api.clock.advance(61 * MINUTE);
    expect((await requestCode(new TestBrowser(api.url), customer)).status).toBe(200);
  });

  it('caps code guesses per client address, whichever accounts they aim at', async () => {
    const attacker = new TestBrowser(api.url);
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_CODE_RULES.verifyPerClient.max; i++) {
      statuses.push((await verify(attacker, { email: `guess.${i}@example.com`, phone: '+14045550188' }, '123456')).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
