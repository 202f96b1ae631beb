import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipToken } from '@app/runtime/tips/tip-token';
import { apiErrorBody } from '@app/shared/api-error';
import { STAGE } from '@app/shared/deal-stages';
import { TIP_AMOUNT_INVALID, TIP_CLOSED, TIP_LIMIT_REACHED, TIP_LINK_INVALID, TIP_PRESETS_CENTS, type TipState } from '@app/shared/tips';
import { TEST_OTP_SECRET, TestBrowser } from '../../../../test/portal-app';
import { startStaffApi, type StaffApi } from '../../../../test/staff-app';

/** Noon Eastern on Thursday, December 10, 2026. */
const NOW = new Date('2026-12-10T17:00:00Z');
const DAY = 86_400_000;
const unique = () => randomBytes(4).toString('hex');

describe('tips: a cleaning’s tip for its cleaner, from the link a text gave', () => {
  let api: StaffApi;
  let visitor: TestBrowser;
  let maria: string;

  beforeAll(async () => {
    api = await startStaffApi('tips', NOW);
    visitor = new TestBrowser(api.url);
    maria = (await api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName: 'Maria', lastName: 'Alvarez', isCleaner: true } })).id;
  });
  afterAll(() => api?.close());

  const cleaning = async (over: { daysAgo?: number; ownerId?: string | null; stageId?: string } = {}) => {
    const contact = await api.db.contact.create({ data: { email: `tips.${unique()}@example.com` } });
    const deal = await api.db.deal.create({
      data: {
        contactId: contact.id, name: 'Standard Clean', source: 'public_form', stageId: over.stageId ?? STAGE.CLEANING_DONE, visitOutcome: 'done',
        ownerId: over.ownerId === undefined ? maria : over.ownerId, scheduledAt: new Date(NOW.getTime() - (over.daysAgo ?? 1) * DAY),
      },
    });
    return { dealId: deal.id, t: tipToken(TEST_OTP_SECRET, deal.id) };
  };
  const offer = (t: string) => visitor.request(`/api/tips?t=${encodeURIComponent(t)}`);
  const give = (body: unknown) => visitor.request('/api/tips', { method: 'POST', body });

  it('offers the cleaner’s first name and the preset amounts, and gives a tip once for a retried request', async () => {
    const { dealId, t } = await cleaning();
    const shown = await offer(t);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({ cleaner: 'Maria', scheduledAt: new Date(NOW.getTime() - DAY).toISOString(), presetsCents: [...TIP_PRESETS_CENTS] });

    const tipId = randomUUID();
    // A double click: the same tip twice at once, one tip and one event.
    const [first, second] = await Promise.all([give({ t, tipId, cents: 1_500 }), give({ t, tipId, cents: 1_500 })]);
    expect([first!.status, second!.status]).toEqual([202, 202]);
    expect(await first!.json()).toEqual({ tipId, cents: 1_500, status: 'pending', payUrl: null });
    // Again later (a lost answer): still the same tip.
    expect((await give({ t, tipId, cents: 1_500 })).status).toBe(202);
    const made = await api.db.madeInvoice.findMany({ where: { dealId, source: 'tip' } });
    expect(made).toMatchObject([{ id: tipId, tipCents: 1_500, ownerId: maria, status: 'pending' }]);
    expect(await api.db.outboxEvent.count({ where: { type: 'crm.make-invoice', aggregateId: tipId } })).toBe(1);

    // Once HubSpot has it, its state carries the payment page.
    await api.db.madeInvoice.update({ where: { id: tipId }, data: { status: 'made', hubspotId: `inv-${unique()}`, madeAt: NOW, payUrl: 'https://pay.example/inv' } });
    const state = await visitor.request(`/api/tips/${tipId}?t=${encodeURIComponent(t)}`);
    expect((await state.json()) as TipState).toEqual({ tipId, cents: 1_500, status: 'made', payUrl: 'https://pay.example/inv' });
    // Another cleaning's link does not read it.
    const other = await cleaning();
    expect((await visitor.request(`/api/tips/${tipId}?t=${encodeURIComponent(other.t)}`)).status).toBe(404);
  });

  it('refuses an amount out of bounds, a forged link, a cleaning not done or too old, and a fourth tip', async () => {
    const { dealId, t } = await cleaning();
    for (const cents of [50, 50_001, 12.5]) {
      const res = await give({ t, tipId: randomUUID(), cents });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(apiErrorBody(TIP_AMOUNT_INVALID, 'validation_failed', 'cents'));
    }
    const forged = `${dealId}.${'A'.repeat(22)}`;
    expect(await (await offer(forged)).json()).toEqual(apiErrorBody(TIP_LINK_INVALID, 'validation_failed', 't'));
    expect((await give({ t: forged, tipId: randomUUID(), cents: 1_000 })).status).toBe(400);

    for (const over of [{ daysAgo: 31 }, { ownerId: null }, { stageId: STAGE.CLEANING_SCHEDULED }]) {
      const closed = await cleaning(over);
      const res = await offer(closed.t);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual(apiErrorBody(TIP_CLOSED, 'tips_closed', 't'));
    }

    for (let i = 0; i < 3; i++) expect((await give({ t, tipId: randomUUID(), cents: 1_000 })).status).toBe(202);
    const fourth = await give({ t, tipId: randomUUID(), cents: 1_000 });
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toEqual(apiErrorBody(TIP_LIMIT_REACHED, 'tip_limit', 'cents'));
    expect(await api.db.madeInvoice.count({ where: { dealId, source: 'tip' } })).toBe(3);
  });
});
