import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, signIn, startPortalApi, TestBrowser, type PortalApi, type TestCustomer } from '../portal-app';
import { expectAnswer, expectRefusal } from './answers';

// Contract of docs/product.md §7, the portal's session rows: GET /api/portal/me, POST
// /api/portal/logout, GET /api/portal/deals, GET /api/portal/details. Only what §7 names of each
// answer is read (docs/api.md#contract-tests).

// 10:00 in Atlanta on Sunday 22 November 2026.
const START = new Date('2026-11-22T15:00:00Z');
const CLEANING_DONE = '1606828764';

describe('contract §7: the portal session', () => {
  let api: PortalApi;
  let customer: TestCustomer;
  let browser: TestBrowser;
  let upcomingId: string;
  let pastId: string;

  beforeAll(async () => {
    api = await startPortalApi('contract-session', START);
    customer = await createCustomer(api.db, { with: 'deal' });
    upcomingId = (await api.db.deal.findFirstOrThrow({ where: { contactId: customer.id } })).id;
    pastId = (
      await api.db.deal.create({
        data: { contactId: customer.id, name: 'Basic Clean', stageId: CLEANING_DONE, source: 'hubspot', scheduledAt: new Date('2026-11-02T15:00:00Z') },
      })
    ).id;
    browser = new TestBrowser(api.url);
    await signIn(api, browser, customer);
  });
  afterAll(() => api.close());

  it('GET /api/portal/me answers the customer', async () => {
    const { customer: answered } = await expectAnswer<{ customer: { id: string } | null }>(await browser.request('/api/portal/me'));
    expect(answered).toBeTruthy();
    expect(answered?.id).toBe(customer.id);
  });

  it('GET /api/portal/deals answers the upcoming and past lists of deals', async () => {
    const { upcoming, past } = await expectAnswer<{ upcoming: { id: string }[]; past: { id: string }[] }>(await browser.request('/api/portal/deals'));
    expect(Array.isArray(upcoming) && Array.isArray(past)).toBe(true);
    expect(upcoming.map((d) => d.id)).toEqual([upcomingId]);
    expect(past.map((d) => d.id)).toEqual([pastId]);
  });

  it('GET /api/portal/details answers the customer details (id, properties)', async () => {
    const details = await expectAnswer<{ id: string; properties: Record<string, string | null> }>(await browser.request('/api/portal/details'));
    expect(details.id).toBe(customer.id);
    // §3 Customer details: properties firstname, lastname, email, phone.
    expect(details.properties).toMatchObject({ firstname: 'Pat', lastname: 'Portal', email: customer.email, phone: customer.phone });
  });

  it('POST /api/portal/logout with an empty body signs the customer out', async () => {
    const leaving = new TestBrowser(api.url);
    await signIn(api, leaving, await createCustomer(api.db, { with: 'deal' }));
    await expectAnswer(await leaving.request('/api/portal/me'));
    // §7: "empty body", as a fetch with credentials and no body sends it.
    await expectAnswer(await leaving.request('/api/portal/logout', { method: 'POST' }));
    // §7 me: "on failure user is null or redirect to /login".
    expect((await leaving.request('/api/portal/me')).ok).toBe(false);
  });

  it('without a session, GET /api/portal/me is refused with the server message (§8: off to /login)', async () => {
    await expectRefusal(await new TestBrowser(api.url).request('/api/portal/me'));
  });

  it('without a session, the deals and details are refused with the server message', async () => {
    const anonymous = new TestBrowser(api.url);
    await expectRefusal(await anonymous.request('/api/portal/deals'));
    await expectRefusal(await anonymous.request('/api/portal/details'));
  });
});
