import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, signIn, TestBrowser } from '../../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const START = new Date('2026-11-22T15:00:00Z');

describe('staff API: sessions', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('sessions', START);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  });
  afterAll(() => api.close());

  describe('session manager', () => {
    it('lists live customer sessions (never their ids) and revokes one: that customer’s next request is 401', async () => {
      const victim = await createCustomer(api.db, { with: 'invite' });
      const browser = new TestBrowser(api.url);
      await signIn(api, browser, victim);
      expect((await browser.request('/api/portal/me')).status).toBe(200);

      const list = (await (await staff.request('/api/internal/admin/sessions')).json()) as { id: string; customer: { email: string } | null; expiresAt: string }[];
      const entry = list.find((s) => s.customer?.email === victim.email);
      expect(entry).toMatchObject({ customer: { id: victim.id, name: 'Pat Portal', email: victim.email, phone: victim.phone }, ip: browser.ip });
      expect(entry!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(entry!.id).not.toBe(browser.sessionId);
      expect(JSON.stringify(list)).not.toContain(browser.sessionId!);
      // Staff sessions are not customers' and are not listed.
      expect(list.every((s) => s.customer !== null)).toBe(true);

      const revoked = await staff.request(`/api/internal/admin/sessions/${entry!.id}`, { method: 'DELETE' });
      expect(revoked.status).toBe(200);
      expect((await browser.request('/api/portal/me')).status).toBe(401);
      expect((await browser.request('/api/portal/deals')).status).toBe(401);
      const after = (await (await staff.request('/api/internal/admin/sessions')).json()) as { id: string }[];
      expect(after.map((s) => s.id)).not.toContain(entry!.id);
      expect((await staff.request(`/api/internal/admin/sessions/${entry!.id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await staff.request('/api/internal/admin/sessions/not-a-uuid', { method: 'DELETE' })).status).toBe(404);
    });

    it('cannot revoke a staff session', async () => {
      const row = await api.db.session.findUniqueOrThrow({ where: { id: staff.sessionId! } });
      expect((await staff.request(`/api/internal/admin/sessions/${row.publicId}`, { method: 'DELETE' })).status).toBe(404);
      expect((await staff.request('/api/auth/me')).status).toBe(200);
    });
  });
});
