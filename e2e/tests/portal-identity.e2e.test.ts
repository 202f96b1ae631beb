import { describe, expect, inject, it } from 'vitest';
import { waitForApp, withCookieConsent } from '../src/consent';
import { eventually } from '../src/hubspot-emulator';
import { HttpClient, nextLoginCode } from '../src/http-client';
import { createPortalCustomer } from '../src/portal-customer';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

/**
 * docs/identity.md in the browser: a booking made with a customer's e-mail but another phone is
 * held from their portal; staff see it on the customer page, with what the form said, and
 * confirm it; the customer's portal then shows it.
 */

async function portalDealIds(client: HttpClient): Promise<string[]> {
  const deals = (await (await client.request('/api/portal/deals')).json()) as { upcoming: { id: string }[]; past: { id: string }[] };
  return [...deals.upcoming, ...deals.past].map((d) => d.id);
}

describe('a booking with another phone waits for staff', () => {
  const browser = useBrowserPage();

  it('is held from the portal until staff confirm it on the customer page', { timeout: 120_000 }, async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('held');
    const otherPhone = `+1404555${customer.phoneDigits.slice(-4) === '9999' ? '9998' : '9999'}`;
    const res = await new HttpClient().post(
      '/api/hubspot/portal/requestBooking',
      bookingRequestBody({
        name: 'Someone Else',
        email: customer.email,
        phone: otherPhone,
        address: { street: '77 Held Way', city: 'Atlanta', state: 'GA', zip: '30303' },
        rooms: {},
      }),
    );
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };
    await eventually(
      async () => {
        const status = await fetch(new URL(`/api/hubspot/portal/bookingStatus?dealId=${request.dealId}`, inject('baseUrl')));
        return status.ok && ((await status.json()) as { syncedToCrm: boolean }).syncedToCrm;
      },
      (done) => done,
    );

    // The customer signs in with their own phone: the other booking is not theirs to see yet.
    const portal = new HttpClient();
    expect((await portal.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION })).status).toBe(200);
    const code = await nextLoginCode(customer.phone);
    expect((await portal.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code })).status).toBe(200);
    const own = await portalDealIds(portal);
    expect(own).toHaveLength(1);
    expect(own).not.toContain(request.dealId);

    await withCookieConsent(page);
    await signInAsStaff(page, 'lookup');
    await waitForApp(page);
    await page.getByRole('main').getByRole('link', { name: 'Customer Lookup', exact: true }).click();
    // The lookup's own code loads on the first visit: slow when the whole suite shares two cores.
    await page.getByLabel('Name, e-mail or phone').waitFor({ timeout: 30_000 });
    await page.getByLabel('Name, e-mail or phone').fill(customer.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('list', { name: 'Customers found' }).getByRole('button').first().click();
    const deals = page.getByRole('region', { name: 'Deals' });
    const held = deals.getByRole('note');
    await held.waitFor();
    expect(await held.innerText()).toContain(`Someone Else (${otherPhone})`);
    await held.getByRole('button', { name: 'Confirm for portal' }).click();
    await held.waitFor({ state: 'detached' });

    expect((await portalDealIds(portal)).sort()).toEqual([...own, request.dealId].sort());
  });

  it('staff suspend a customer\'s portal access from the customer page: their session ends at once; restoring lets them back', { timeout: 120_000 }, async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('suspend');
    const portal = new HttpClient();
    expect((await portal.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION })).status).toBe(200);
    const code = await nextLoginCode(customer.phone);
    expect((await portal.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code })).status).toBe(200);
    expect((await portal.request('/api/portal/me')).status).toBe(200);

    await withCookieConsent(page);
    await signInAsStaff(page, 'lookup');
    await waitForApp(page);
    await page.getByRole('main').getByRole('link', { name: 'Customer Lookup', exact: true }).click();
    // The lookup's own code loads on the first visit: slow when the whole suite shares two cores.
    await page.getByLabel('Name, e-mail or phone').waitFor({ timeout: 30_000 });
    await page.getByLabel('Name, e-mail or phone').fill(customer.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('list', { name: 'Customers found' }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Suspend portal access' }).click();
    await page.getByRole('group', { name: 'Confirm suspending portal access' }).getByRole('button', { name: 'Yes, suspend' }).click();
    await page.getByRole('button', { name: 'Restore portal access' }).waitFor();
    expect((await portal.request('/api/portal/me')).status).toBe(401);

    await page.getByRole('button', { name: 'Restore portal access' }).click();
    await page.getByRole('button', { name: 'Suspend portal access' }).waitFor();
    expect(await (await new HttpClient().post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION })).status).not.toBe(403);
  });
});
