import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OTP_SECRET } from '@app/runtime/sms/login-code';
import { unsubscribeUrl } from '@app/runtime/email/unsubscribe-token';
import { type TestApi, startTestApi, uniqueEmail } from '../../../../test/api-server';

const NOW = new Date('2026-12-02T15:00:00Z');

// The one-click unsubscribe of reminders and rating requests (RFC 8058), as a mailbox and a browser use it.
describe('GET and POST /api/email/unsubscribe', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('email-unsubscribe', { now: () => NOW });
  });
  afterAll(async () => {
    await api.close();
  });
  const linkFor = (address: string) => {
    const link = new URL(unsubscribeUrl('https://www.cleaning.example', DEV_OTP_SECRET, address));
    return `${api.url}${link.pathname}${link.search}`;
  };
  const suppression = (address: string) => api.db.emailSuppression.findUnique({ where: { address } });

  it('asks before it unsubscribes: opening the link (as link checkers do) changes nothing', async () => {
    const address = uniqueEmail('dana');
    const res = await fetch(linkFor(address));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Stop reminders and rating requests?');
    expect(html).toContain('<form method="post"');
    expect(await suppression(address)).toBeNull();
  });

  it("takes the mailbox's one-click post, without a cookie or an Origin, once", async () => {
    const address = uniqueEmail('lee');
    const oneClick = () => fetch(linkFor(address), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    const res = await oneClick();
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    expect(await suppression(address)).toMatchObject({ unsubscribedAt: NOW, bouncedAt: null });
    expect((await oneClick()).status).toBe(200);
    expect(await api.db.emailSuppression.count({ where: { address } })).toBe(1);
  });

  it("refuses a link whose code is not the address's, changing nothing", async () => {
    const address = uniqueEmail('kim');
    const forged = linkFor(uniqueEmail('someone-else')).replace(/a=[^&]+/, `a=${encodeURIComponent(address)}`);
    for (const method of ['GET', 'POST']) {
      const res = await fetch(forged, { method });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This link does not work');
    }
    expect(await suppression(address)).toBeNull();
  });
});
