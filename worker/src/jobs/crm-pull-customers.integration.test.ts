import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { todayBoardSchema } from '@app/shared/staff-board';
import { createLogger } from '@app/runtime/logger';
import { insertBooking } from '../../../test/fixtures';
import { LOADED_MACHINE_SEARCH_LIMIT, startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { TestBrowser, uniquePhone } from '../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../test/staff-app';
import { crmPullJob } from './crm-pull';

const log = createLogger({ service: 'pull-customers-test', level: 'silent', format: 'json' });
const ctx = { log, jobId: 'test', attempt: 1 };
const NOW = new Date();
/** HubSpot's association type ids: deal → contact, ticket → deal, ticket → contact. */
const DEAL_TO_CONTACT = 3;
const TICKET_TO_DEAL = 28;
const TICKET_TO_CONTACT = 16;

/** A US phone as staff type it into HubSpot: '(404) 555-1234'. */
const typed = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2, 10)}@example.com`;

/**
 * Every HubSpot customer is a customer here (docs/product.md §3): a deal staff create in HubSpot
 * for someone who never used our forms brings that person into the mirror with it, and the staff
 * pages show them. The contact's phone in HubSpot is their login phone (docs/identity.md).
 */
describe('crm.pull: the customers of the deals and tickets it mirrors', () => {
  let api: StaffApi;
  let staff: TestBrowser;
  let crm: TestHubSpot;
  let pull: () => Promise<unknown>;

  beforeAll(async () => {
    api = await startStaffApi('pull-customers', NOW);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    crm = await startSetUpHubSpot({ rateLimit: { max: 1_000, intervalMs: 10_000 }, searchRateLimit: LOADED_MACHINE_SEARCH_LIMIT });
    const pullJob = crmPullJob({ db: api.db, hubspot: crm.workerGateway().gateway, account: crm.account });
    pull = () => pullJob.process({}, ctx);
  });
  afterAll(async () => {
    await crm?.emulator.close();
    await api?.close();
  });

  /** A contact as staff create it in HubSpot, never having used our forms. */
  const hubspotContact = (who: { email: string; phone: string; firstname: string; lastname: string }) =>
    crm.createAsStaff('contacts', { ...who, phone: typed(who.phone), address: '48 Elm St', city: 'Decatur', state: 'ga', zip: '30030' });

  /** A deal staff create in HubSpot for a contact, scheduled at `at`. */
  const hubspotDeal = (contactId: string, name: string, at = NOW) =>
    crm.createAsStaff(
      'deals',
      { dealname: name, dealstage: crm.stages.dealStageId(STAGE.CLEANING_SCHEDULED), pipeline: crm.stages.dealPipelineId, scheduled_date: at.toISOString(), amount: '240' },
      [{ toId: contactId, typeId: DEAL_TO_CONTACT }],
    );

  it("a deal made in HubSpot for a contact that never used our forms shows that contact's name on the board", async () => {
    const who = { email: uniqueEmail('nina'), phone: uniquePhone(), firstname: 'Nina', lastname: 'Newcomer' };
    const contactId = await hubspotContact(who);
    const dealId = await hubspotDeal(contactId, 'Move-out clean (phone order)');
    await pull();

    const contact = await api.db.contact.findUniqueOrThrow({ where: { hubspotId: contactId } });
    expect(contact).toMatchObject({ email: who.email, phone: who.phone, firstName: 'Nina', lastName: 'Newcomer', street: '48 Elm St', city: 'Decatur', state: 'GA', zip: '30030' });
    const deal = await api.db.deal.findUniqueOrThrow({ where: { hubspotId: dealId } });
    expect(deal).toMatchObject({ contactId: contact.id, source: 'hubspot' });

    const res = await staff.request('/api/internal/admin/today');
    expect(res.status).toBe(200);
    const board = todayBoardSchema.parse(await res.json());
    expect(board.today.cleanings.find((d) => d.id === deal.id)?.customer).toMatchObject({ id: contact.id, name: 'Nina Newcomer', email: who.email, phone: who.phone });

    // The calendar and the customer lookup show them too.
    const window = `start=${encodeURIComponent(new Date(NOW.getTime() - 86_400_000).toISOString())}&end=${encodeURIComponent(new Date(NOW.getTime() + 86_400_000).toISOString())}`;
    const calendar = (await (await staff.request(`/api/hubspot/admin/scheduledDeals?${window}`)).json()) as { id: string; customer: string | null; contactId: string | null }[];
    expect(calendar.find((d) => d.id === deal.id)).toMatchObject({ customer: 'Nina Newcomer', contactId: contact.id });
    const found = (await (await staff.request(`/api/internal/admin/customers?q=${encodeURIComponent(who.email)}`)).json()) as { id: string; name: string; phone: string | null }[];
    expect(found).toMatchObject([{ id: contact.id, name: 'Nina Newcomer', phone: who.phone }]);
  });

  it('reads the customers of many new deals with one batch read, not one request each', async () => {
    const contactIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const contactId = await hubspotContact({ email: uniqueEmail(`batch${i}`), phone: uniquePhone(), firstname: `Batch${i}`, lastname: 'Customer' });
      contactIds.push(contactId);
      await hubspotDeal(contactId, `Batch clean ${i}`);
    }
    crm.emulator.clearRequests();
    await pull();

    const requests = crm.emulator.requests();
    expect(requests.filter((r) => r.path.includes('/objects/contacts/batch/read'))).toHaveLength(1);
    // The deals' contacts, then the new contacts' companies: one association read each.
    expect(requests.filter((r) => /\/deals\/contacts\/batch\/read$/.test(r.path))).toHaveLength(1);
    expect(requests.filter((r) => /\/contacts\/companies\/batch\/read$/.test(r.path))).toHaveLength(1);
    expect(await api.db.contact.count({ where: { hubspotId: { in: contactIds } } })).toBe(6);
    expect(await api.db.deal.count({ where: { name: { startsWith: 'Batch clean' }, contact: { hubspotId: { in: contactIds } } } })).toBe(6);

    // Nothing new: a pull re-reading its window reads no contact again.
    crm.emulator.clearRequests();
    await pull();
    expect(crm.emulator.requests().filter((r) => r.path.includes('/objects/contacts/batch/read'))).toHaveLength(0);
  });

  it("links the unpushed contact a form made with that e-mail, which takes HubSpot's phone as its login phone", async () => {
    const booking = await insertBooking(api.db);
    const hubspotPhone = uniquePhone();
    const contactId = await hubspotContact({ email: booking.email, phone: hubspotPhone, firstname: 'Paula', lastname: 'Known' });
    const dealId = await hubspotDeal(contactId, 'Office clean (phone order)');
    await pull();

    const contact = await api.db.contact.findUniqueOrThrow({ where: { id: booking.contactId } });
    expect(contact).toMatchObject({ hubspotId: contactId, phone: hubspotPhone, firstName: 'Paula', lastName: 'Known' });
    expect((await api.db.deal.findUniqueOrThrow({ where: { hubspotId: dealId } })).contactId).toBe(contact.id);
    expect(await api.db.contact.count({ where: { email: booking.email } })).toBe(1);
  });

  it("follows a mirrored customer's later changes in HubSpot: the login phone and the name", async () => {
    const who = { email: uniqueEmail('omar'), phone: uniquePhone(), firstname: 'Omar', lastname: 'Old' };
    const contactId = await hubspotContact(who);
    await hubspotDeal(contactId, 'Weekly clean');
    await pull();
    const corrected = uniquePhone();
    crm.emulator.editRecord('contacts', contactId, { phone: typed(corrected), lastname: 'Newname' });
    await pull();
    expect(await api.db.contact.findUniqueOrThrow({ where: { hubspotId: contactId } })).toMatchObject({ phone: corrected, lastName: 'Newname', email: who.email });
  });

  it("gives a change ticket on a HubSpot deal without a contact the ticket's own customer", async () => {
    const dealId = await crm.createAsStaff('deals', { dealname: 'No contact yet', dealstage: crm.stages.dealStageId(STAGE.CLEANING_SCHEDULED), pipeline: crm.stages.dealPipelineId });
    await pull();
    expect((await api.db.deal.findUniqueOrThrow({ where: { hubspotId: dealId } })).contactId).toBeNull();

    const contactId = await hubspotContact({ email: uniqueEmail('tia'), phone: uniquePhone(), firstname: 'Tia', lastname: 'Ticket' });
    const ticketId = await crm.createAsStaff(
      'tickets',
      { subject: 'Reschedule', hs_ticket_category: 'Reschedule Request', hs_pipeline: crm.stages.ticketPipelineId, hs_pipeline_stage: crm.stages.ticketStageId('1') },
      [
        { toId: dealId, typeId: TICKET_TO_DEAL },
        { toId: contactId, typeId: TICKET_TO_CONTACT },
      ],
    );
    await pull();
    const contact = await api.db.contact.findUniqueOrThrow({ where: { hubspotId: contactId } });
    expect(contact).toMatchObject({ firstName: 'Tia', lastName: 'Ticket' });
    expect((await api.db.ticket.findUniqueOrThrow({ where: { hubspotId: ticketId } })).contactId).toBe(contact.id);
  });

  it('leaves out a customer HubSpot holds without an e-mail (the login key), and keeps the deal', async () => {
    const contactId = await crm.createAsStaff('contacts', { firstname: 'No', lastname: 'Email', phone: typed(uniquePhone()) });
    const dealId = await hubspotDeal(contactId, 'Clean for a contact without e-mail');
    const summary = (await pull()) as { contactsLeftOut: number };
    expect(summary.contactsLeftOut).toBeGreaterThanOrEqual(1);
    expect(await api.db.contact.findFirst({ where: { hubspotId: contactId } })).toBeNull();
    expect((await api.db.deal.findUniqueOrThrow({ where: { hubspotId: dealId } })).contactId).toBeNull();
  });
});
