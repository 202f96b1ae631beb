import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@app/runtime/logger';
import { insertBooking } from '../../../test/fixtures';
import { LOADED_MACHINE_SEARCH_LIMIT, startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { TestBrowser } from '../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../test/staff-app';
import { crmPullJob } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';

const log = createLogger({ service: 'pull-contact-test', level: 'silent', format: 'json' });
const ctx = { log, jobId: 'test', attempt: 1 };

/**
 * A contact changed in HubSpot after the pull has already read it reaches the staff customer
 * page. HubSpot keeps a contact's modified date in `lastmodifieddate`; a contacts search on
 * `hs_lastmodifieddate` (every other object's name for it) finds nothing, and the emulator
 * answers it that way, so a pull searching contacts by the wrong name never sees this change.
 */
describe('crm.pull: a contact changed in HubSpot shows on the staff customer page', () => {
  let api: StaffApi;
  let staff: TestBrowser;
  let crm: TestHubSpot;
  let pull: () => Promise<unknown>;
  let push: (dealId: string) => Promise<unknown>;

  beforeAll(async () => {
    api = await startStaffApi('pull-contact', new Date());
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    crm = await startSetUpHubSpot({ rateLimit: { max: 1_000, intervalMs: 10_000 }, searchRateLimit: LOADED_MACHINE_SEARCH_LIMIT });
    const { gateway } = crm.workerGateway();
    const pullJob = crmPullJob({ db: api.db, hubspot: gateway, account: crm.account });
    const pushJob = crmPushBookingJob({ db: api.db, hubspot: gateway, account: crm.account, batchSize: 1 });
    pull = () => pullJob.process({}, ctx);
    push = (dealId) => pushJob.process({ dealId }, ctx);
  });
  afterAll(async () => {
    await crm?.emulator.close();
    await api?.close();
  });

  const customerPage = async (contactId: string) => {
    const res = await staff.request(`/api/hubspot/contact-details/${contactId}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { status: string | null; lifecycle: string | null; company: { name: string | null } | null };
  };

  it('lead status, lifecycle stage and company set in HubSpot after an earlier pull', async () => {
    const booking = await insertBooking(api.db);
    await push(booking.dealId);
    const contact = await api.db.contact.findUniqueOrThrow({ where: { id: booking.contactId } });
    // A pull with nothing to tell about this contact yet: its cursor moves past it.
    await pull();
    expect(await customerPage(contact.id)).toMatchObject({ status: null, lifecycle: null, company: null });

    crm.emulator.createRecord('companies', {
      properties: { name: 'Inman Park Dental', domain: 'inmanparkdental.example', lifecyclestage: 'customer' },
      associations: [{ type: 'contacts', id: contact.hubspotId! }],
    });
    crm.emulator.editRecord('contacts', contact.hubspotId!, { hs_lead_status: 'IN_PROGRESS', lifecyclestage: 'opportunity' });
    await pull();

    expect(await customerPage(contact.id)).toMatchObject({ status: 'IN_PROGRESS', lifecycle: 'opportunity', company: { name: 'Inman Park Dental' } });
  });
});
