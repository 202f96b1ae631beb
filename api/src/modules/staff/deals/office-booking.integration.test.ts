import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { createLogger } from '@app/runtime/logger';
import { apiErrorBody } from '@app/shared/api-error';
import { STAGE } from '@app/shared/deal-stages';
import { dateTooSoonMessage } from '@app/shared/texts';
import { WARNINGS_NOT_ACCEPTED } from '@app/shared/schedule';
import { START_TIME_REQUIRED } from '@app/shared/office-booking';
import { crmApplyDealCommandJob } from '@app/worker/jobs/crm-apply-deal-command';
import { crmPushBookingJob } from '@app/worker/jobs/crm-push-booking';
import { startSetUpHubSpot, type TestHubSpot } from '../../../../../test/hubspot-account';
import { createCustomer, signIn, TestBrowser } from '../../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

/** 9 AM Eastern on Tuesday, November 24, 2026: the earliest booking day is Sunday, November 29. */
const NOW = new Date('2026-11-24T14:00:00Z');
const log = createLogger({ service: 'office-booking-test', level: 'silent', format: 'json' });
const context = { log, jobId: 'job', attempt: 1 };
const unique = () => randomBytes(4).toString('hex');

describe('staff API: the office books a cleaning for a customer', () => {
  let api: StaffApi;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let office: TestBrowser;
  let maria: { id: string; hubspotId: string };
  let customer: { id: string; hubspotId: string };

  beforeAll(async () => {
    api = await startStaffApi('office-booking', NOW);
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    office = new TestBrowser(api.url);
    expect((await staffSignIn(api, office)).landing).toBe('/admin/dashboard');
    const owner = hubspot.addOwner({ email: `maria.${unique()}@cleaning.example`, firstName: 'Maria', lastName: 'Alvarez' });
    maria = await api.db.owner.create({ data: { hubspotId: owner.id, firstName: 'Maria', lastName: 'Alvarez', email: owner.email, active: true }, select: { id: true, hubspotId: true } });
    // A customer already in HubSpot, as a pull mirrors them.
    const email = `caller.${unique()}@example.com`;
    const hubspotId = await crm.createAsStaff('contacts', { email, firstname: 'Carla', lastname: 'Caller' });
    const contact = await api.db.contact.create({
      data: { email, firstName: 'Carla', lastName: 'Caller', phone: '+14045550142', street: '12 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303', hubspotId },
    });
    customer = { id: contact.id, hubspotId };
  });
  afterAll(async () => {
    await api?.close();
    await hubspot?.close();
  });

  const booking = (over: Record<string, unknown> = {}) => ({
    serviceType: 'Deep Clean',
    squareFootage: 1500,
    addOns: ['addon-oven'],
    date: '2026-12-01',
    startTime: '10:00',
    durationMinutes: 240,
    ownerId: maria.id,
    ...over,
  });
  const post = (body: unknown, key: string | null = randomUUID(), who = office, contactId = customer.id) =>
    who.request(`/api/internal/admin/customers/${contactId}/bookings`, { method: 'POST', body, headers: key ? { 'Idempotency-Key': key } : {} });
  const dealsOf = (contactId: string) => api.db.deal.findMany({ where: { contactId }, orderBy: { createdAt: 'asc' } });

  it('refuses anyone but the office: 401 without a session, 403 for a customer or a cleaner', async () => {
    expect((await post(booking(), randomUUID(), new TestBrowser(api.url))).status).toBe(401);
    const portalCustomer = await createCustomer(api.db);
    const browser = new TestBrowser(api.url);
    await signIn(api, browser, portalCustomer);
    const asCustomer = await post(booking(), randomUUID(), browser, portalCustomer.id);
    expect(asCustomer.status).toBe(403);
    expect(await asCustomer.json()).toEqual(apiErrorBody('You do not have access to this.', 'forbidden'));
    const cleanerEmail = `cleo.${unique()}@${DEV_STAFF_EMAIL_DOMAIN}`;
    await api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName: 'Cleo', lastName: 'Cleaner', email: cleanerEmail, isCleaner: true, active: true } });
    const cleaner = new TestBrowser(api.url);
    expect((await staffSignIn(api, cleaner, { loginHint: cleanerEmail })).landing).toBe('/cleaner');
    expect((await post(booking(), randomUUID(), cleaner)).status).toBe(403);
    expect((await cleaner.request(`/api/internal/admin/customers/${customer.id}/bookings/check`, { method: 'POST', body: booking() })).status).toBe(403);
    expect(await dealsOf(customer.id)).toEqual([]);
    expect(await dealsOf(portalCustomer.id)).toHaveLength(1);
  });

  it('names the field of a bad booking and writes nothing', async () => {
    const before = await api.db.outboxEvent.count();
    for (const [over, field, error] of [
      [{ date: '2026-11-27' }, 'date', dateTooSoonMessage(5)],
      [{ startTime: '25:00' }, 'startTime', START_TIME_REQUIRED],
      [{ squareFootage: 1234 }, 'squareFootage', undefined],
      [{ addOns: ['gold-taps'] }, 'addOns', undefined],
      [{ serviceType: 'Recurring Clean' }, 'visitType', undefined],
      [{ durationMinutes: 100 }, 'durationMinutes', undefined],
      [{ ownerId: 'nobody' }, 'ownerId', 'Choose a cleaner from the roster.'],
      [{ adjustmentCents: -5000 }, 'adjustmentReason', undefined],
    ] as const) {
      const res = await post(booking(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      const body = (await res.json()) as { field: string; error: string };
      expect(body.field, JSON.stringify(over)).toBe(field);
      if (error) expect(body.error).toBe(error);
    }
    // Nothing of a refused booking stays, not even its deal before the schedule's checks refused it.
    expect(await dealsOf(customer.id)).toEqual([]);
    expect(await api.db.outboxEvent.count()).toBe(before);
    const noKey = await post(booking(), null);
    expect(noKey.status).toBe(400);
    expect(await dealsOf(customer.id)).toEqual([]);
    expect((await post(booking(), randomUUID(), office, 'no-such-contact')).status).toBe(404);
  });

  it('warns first, as scheduling does, and refuses a warning not accepted', async () => {
    const check = await office.request(`/api/internal/admin/customers/${customer.id}/bookings/check`, { method: 'POST', body: booking({ startTime: '18:30' }) });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ warnings: [{ code: 'outside-hours', message: 'This cleaning runs outside working hours (7:00 AM to 8:00 PM).' }] });
    const refused = await post(booking({ startTime: '18:30' }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'schedule_warnings', field: 'acceptWarnings', error: `${WARNINGS_NOT_ACCEPTED} This cleaning runs outside working hours (7:00 AM to 8:00 PM).` });
    expect(await dealsOf(customer.id)).toEqual([]);
  });

  it('writes the deal, its push and its schedule once for a retried request, and the worker makes it a HubSpot deal of the contact', async () => {
    const key = randomUUID();
    const first = await post(booking(), key);
    expect(first.status).toBe(201);
    const result = (await first.json()) as { dealId: string; reference: string; commandId: string };
    // A double click or a retry with the same key: the same answer, one deal.
    const again = await post(booking(), key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual({ success: true, ...result });
    const deals = await dealsOf(customer.id);
    expect(deals).toHaveLength(1);
    // Deep Clean 1001-1500 ($349) with the oven ($80), no discount: $429, at the customer's address.
    expect(deals[0]).toMatchObject({
      id: result.dealId,
      source: 'office',
      stageId: STAGE.SCHEDULING_IN_PROGRESS,
      serviceType: 'Deep Clean',
      skus: ['deep-1500', 'addon-oven'],
      amountCents: 42_900,
      preferredDate: new Date('2026-12-01T00:00:00Z'),
      timeOfDay: 'morning',
      street: '12 Peachtree St NE',
      zip: '30303',
      hubspotId: null,
    });
    expect(await api.db.outboxEvent.findMany({ where: { aggregateId: { in: [result.dealId, result.commandId] } }, select: { type: true } })).toEqual(
      expect.arrayContaining([{ type: 'crm.push-booking' }, { type: 'crm.apply-deal-command' }]),
    );
    expect(await api.db.dealCommand.findMany({ where: { dealId: result.dealId } })).toMatchObject([
      { id: result.commandId, kind: 'schedule', status: 'pending', changes: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: '2026-12-01T15:00:00.000Z', ownerId: maria.id, durationMinutes: 240 } },
    ]);

    // The worker: the push, then the schedule once the deal is in HubSpot.
    const gateway = crm.gateway();
    const apply = crmApplyDealCommandJob({ db: api.db, hubspot: gateway, account: crm.account });
    await expect(apply.process({ commandId: result.commandId }, context)).rejects.toThrow(/not in HubSpot yet/);
    await crmPushBookingJob({ db: api.db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: result.dealId }, context);
    expect(await apply.process({ commandId: result.commandId }, context)).toEqual({ outcome: 'applied' });

    const remote = hubspot.objects('deals').filter((d) => d.properties.app_request_id === result.dealId);
    expect(remote).toHaveLength(1);
    expect(remote[0]!.associations.contacts).toEqual([customer.hubspotId]);
    expect(remote[0]!.properties).toMatchObject({
      dealstage: crm.account.stages().dealStageId(STAGE.CLEANING_SCHEDULED),
      hubspot_owner_id: maria.hubspotId,
      amount: '429.00',
      booking_reference: result.reference,
      duration_minutes: '240',
    });
    expect(Date.parse(remote[0]!.properties.scheduled_date!)).toBe(Date.parse('2026-12-01T15:00:00.000Z'));
    expect(await api.db.deal.findUniqueOrThrow({ where: { id: result.dealId } })).toMatchObject({
      stageId: STAGE.CLEANING_SCHEDULED,
      ownerId: maria.id,
      scheduledAt: new Date('2026-12-01T15:00:00.000Z'),
    });
    // The customer page lists it.
    const page = (await (await office.request(`/api/hubspot/contact-details/${customer.id}`)).json()) as { deals: { id: string }[] };
    expect(page.deals.map((d) => d.id)).toContain(result.dealId);
  });
});
