import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, latestCode, startPortalApi, TestBrowser, type PortalApi } from '../portal-app';
import { expectAnswer, expectRefusal } from './answers';

// Contract of docs/product.md §7, the login rows: POST /api/portal/auth/request-code and
// /api/portal/auth/verify-code, each with the login payload of §3 (email, phone, code). §7 reads
// no field of either success; a refusal shows the answer's `error` text (§8). The code is read
// the way the other tests read it: derived from the login text the api queued (test/portal-app.ts).

// 10:00 in Atlanta on Sunday 22 November 2026.
const START = new Date('2026-11-22T15:00:00Z');

describe('contract §7: the customer login', () => {
  let api: PortalApi;

  beforeAll(async () => {
    api = await startPortalApi('contract-login', START);
  });
  afterAll(() => api.close());

  it('request-code with email, phone and the still empty code, then verify-code, signs the customer in', async () => {
    const customer = await createCustomer(api.db, { with: 'deal' });
    const browser = new TestBrowser(api.url);
    // docs/product.md §3, Login: email, phone, code (§7: sent with the current, still empty, value).
    await expectAnswer(await browser.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '' }));

    const code = await latestCode(api, customer.phone);
    // §3 Login.
    await expectAnswer(await browser.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code }));

    // §7: success goes to /portal, whose GET /api/portal/me now answers the customer.
    const me = await expectAnswer<{ customer: { id: string } | null }>(await browser.request('/api/portal/me'));
    expect(me.customer?.id).toBe(customer.id);
  });

  it('a wrong code is refused with the server message, and an error text the login page shows (§8)', async () => {
    const customer = await createCustomer(api.db, { with: 'deal' });
    const browser = new TestBrowser(api.url);
    // §3 Login.
    await expectAnswer(await browser.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '' }));
    const right = await latestCode(api, customer.phone);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    // §3 Login.
    const body = await expectRefusal(await browser.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code: wrong }));
    expect(String(body.error ?? '').trim()).not.toBe('');
    expect((await browser.request('/api/portal/me')).ok).toBe(false);
  });

  it('request-code for an e-mail and phone that may not sign in is refused with the server message', async () => {
    const stranger = await createCustomer(api.db, { with: 'nothing' });
    // §3 Login.
    const body = await expectRefusal(await new TestBrowser(api.url).post('/api/portal/auth/request-code', { email: stranger.email, phone: stranger.phone, code: '' }));
    expect(String(body.error ?? '').trim()).not.toBe('');
  });
});
