import type { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { LOGIN_NOT_ELIGIBLE, portalHeldNote } from '@app/shared/texts';
import { createOwnTestDatabase } from '../../../test/context';
import type { TestDatabase } from '../../../test/database';
import { UNLIMITED_PUBLIC_POSTS } from '../../../test/module-deps';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { signIn, TestBrowser, uniquePhone, type TestCustomer } from '../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../test/staff-app';
import { crmPushBookingJob } from '../jobs/crm-push-booking';
import { crmPushSupportTicketJob } from '../jobs/crm-push-support-ticket';
import { crmRecordSignupJob } from '../jobs/crm-record-signup';
import { crmSweepJob } from '../jobs/crm-sweep';
import { createLogger } from '@app/runtime/logger';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

/**
 * The identity rules of docs/identity.md, as an attacker tries them: public forms submitted
 * with a stranger's e-mail and the attacker's own phone, through the real API, pushed to a
 * set-up HubSpot emulator account by the real jobs, and read back through the portal.
 */

const log = createLogger({ service: 'identity-test', level: 'silent', format: 'json' });
const ctx = { log, jobId: 'test', attempt: 1 };
const RATE_LIMIT = { max: 1_000, intervalMs: 10_000 };
const START = new Date();
const DAY = 86_400_000;
const preferredDate = new Date(START.getTime() + 10 * DAY).toISOString().slice(0, 10);
const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2, 10)}@example.com`;

interface PortalDeals {
  upcoming: { id: string }[];
  past: { id: string }[];
}

function bookingBody(email: string, phone: string, name: string, street = '12 Peachtree St NE') {
  return bookingRequestBody({ name, email, phone, address: { street, city: 'Atlanta', state: 'GA', zip: '30303' }, preferredDate });
}

let database: TestDatabase;
let api: StaffApi;
let db: Db;
let staff: TestBrowser;
let account: TestHubSpot;
let client: Client;
let jobs: ReturnType<typeof jobsOn>;

function jobsOn(hubspot: TestHubSpot) {
  const { gateway } = hubspot.workerGateway();
  const deps = { db, hubspot: gateway, account: hubspot.account };
  const push = crmPushBookingJob({ ...deps, batchSize: 1 });
  const ticket = crmPushSupportTicketJob(deps);
  const signup = crmRecordSignupJob(deps);
  const sweep = crmSweepJob(deps);
  return {
    push: (dealId: string) => push.process({ dealId }, ctx),
    ticket: (contactTicketId: string) => ticket.process({ contactTicketId }, ctx),
    signup: (signupId: string) => signup.process({ signupId }, ctx),
    sweep: () => sweep.process({}, ctx),
  };
}

beforeAll(async () => {
  // Its own database: the sweep checks every HubSpot id the mirror holds against this file's emulator.
  database = await createOwnTestDatabase('identity');
  api = await startStaffApi('identity', START, {}, { databaseUrl: database.url, publicPosts: UNLIMITED_PUBLIC_POSTS });
  db = api.db;
  staff = new TestBrowser(api.url);
  expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  account = await startSetUpHubSpot({ rateLimit: RATE_LIMIT });
  client = account.workerGateway().client;
  jobs = jobsOn(account);
}, 120_000);
afterAll(async () => {
  await account?.emulator.close();
  await api?.close();
  await database?.drop();
});

const json = async <T,>(res: Response | Promise<Response>): Promise<T> => (await (await res).json()) as T;

/** Books through the public form, from its own browser; returns the deal id. */
async function book(email: string, phone: string, name: string, street?: string): Promise<string> {
  const res = await new TestBrowser(api.url).post('/api/hubspot/portal/requestBooking', bookingBody(email, phone, name, street));
  expect(res.status).toBe(201);
  const deal = await db.deal.findFirstOrThrow({ where: { contact: { email }, submittedPhone: phone }, orderBy: { createdAt: 'desc' } });
  return deal.id;
}

async function portalDealIds(browser: TestBrowser): Promise<string[]> {
  const deals = await json<PortalDeals>(browser.request('/api/portal/deals'));
  return [...deals.upcoming, ...deals.past].map((d) => d.id);
}

async function signedIn(customer: TestCustomer): Promise<TestBrowser> {
  api.clock.advance(60_000);
  const browser = new TestBrowser(api.url);
  await signIn(api, browser, customer);
  return browser;
}

/** Asks for a code as a new browser would; the API's clock first moves past the 30 s between two codes to a phone. */
async function requestCode(customer: TestCustomer): Promise<Response> {
  api.clock.advance(60_000);
  return new TestBrowser(api.url).post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
}

/** A contact as HubSpot holds it before any form: the real customer, known to staff. */
async function hubspotCustomer(email: string, phone: string) {
  const created = await client.crm.contacts.basicApi.create({
    properties: { email, phone, firstname: 'Vera', lastname: 'Victim', address: '1 Real Rd', city: 'Decatur', state: 'GA', zip: '30030' },
    associations: [],
  });
  return created.id;
}

async function hubspotContact(id: string) {
  return (await client.crm.contacts.basicApi.getById(id, ['phone', 'firstname', 'lastname', 'address', 'city', 'zip', 'notify_interest'])).properties;
}

async function hubspotDeal(dealId: string) {
  const { hubspotId } = await db.deal.findUniqueOrThrow({ where: { id: dealId } });
  return (await client.crm.deals.basicApi.getById(hubspotId!, ['submitted_contact', 'portal_note'])).properties;
}

describe('portal identity is proven, never claimed (docs/identity.md)', () => {
  it('pre-hijack of a HubSpot customer: the attacker booked first, yet after the push neither sees the other, and HubSpot is unchanged', async () => {
    const victim: TestCustomer = { id: '', email: uniqueEmail('vera'), phone: uniquePhone() };
    const attacker: TestCustomer = { id: '', email: victim.email, phone: uniquePhone() };
    const hubspotId = await hubspotCustomer(victim.email, victim.phone);

    const attackerDeal = await book(victim.email, attacker.phone, 'Mallory Attacker', '666 Evil St');
    // The contact exists only here, created by this submission: its phone is the login phone for now.
    const attackerBrowser = await signedIn(attacker);
    expect(await portalDealIds(attackerBrowser)).toEqual([attackerDeal]);

    await jobs.push(attackerDeal);
    // HubSpot is the record: the contact now signs in with the customer's phone, and the attacker's session is over.
    const contact = await db.contact.findUniqueOrThrow({ where: { email: victim.email } });
    expect(contact).toMatchObject({ hubspotId, phone: victim.phone, firstName: 'Vera', lastName: 'Victim' });
    expect((await attackerBrowser.request('/api/portal/deals')).status).toBe(401);
    const refused = await requestCode(attacker);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: LOGIN_NOT_ELIGIBLE });

    // The customer's later bookings and HubSpot's own deals are never the attacker's to see; the attacker's is not the customer's.
    const victimDeal = await book(victim.email, victim.phone, 'Vera Victim', '1 Real Rd');
    await jobs.push(victimDeal);
    const victimBrowser = await signedIn({ ...victim, id: contact.id });
    expect(await portalDealIds(victimBrowser)).toEqual([victimDeal]);

    // HubSpot's contact was not rewritten by either form; the attacker's claim is on its deal, with a note for staff.
    expect(await hubspotContact(hubspotId)).toMatchObject({ phone: victim.phone, firstname: 'Vera', lastname: 'Victim', address: '1 Real Rd', city: 'Decatur', zip: '30030' });
    expect(await hubspotDeal(attackerDeal)).toMatchObject({
      submitted_contact: `Mallory Attacker, ${attacker.phone}`,
      portal_note: portalHeldNote(attacker.phone, victim.phone),
    });
    expect(await hubspotDeal(victimDeal)).toMatchObject({ submitted_contact: `Vera Victim, ${victim.phone}`, portal_note: '' });
  });

  it('a contact that exists here keeps its phone and name: a form with another phone is held from its portal until staff confirm it', async () => {
    const owner: TestCustomer = { id: '', email: uniqueEmail('olga'), phone: uniquePhone() };
    const first = await book(owner.email, owner.phone, 'Olga Owner');
    await jobs.push(first);
    const before = await db.contact.findUniqueOrThrow({ where: { email: owner.email } });

    const otherPhone = uniquePhone();
    const claimed = await book(owner.email, otherPhone, 'Someone Else', '9 Other Ave');
    await jobs.push(claimed);
    const after = await db.contact.findUniqueOrThrow({ where: { email: owner.email } });
    expect(after).toMatchObject({ phone: before.phone, firstName: before.firstName, lastName: before.lastName, street: before.street });
    expect(await hubspotContact(after.hubspotId!)).toMatchObject({ phone: owner.phone, firstname: 'Olga', lastname: 'Owner', address: '12 Peachtree St NE' });

    // The other phone cannot sign in; the owner does not see the claimed booking yet.
    expect((await requestCode({ ...owner, phone: otherPhone })).status).toBe(403);
    const browser = await signedIn(owner);
    expect(await portalDealIds(browser)).toEqual([first]);
    const manage = await browser.post('/api/hubspot/portal/manageBooking', {
      email: owner.email,
      dealId: claimed,
      action: 'cancel',
      reason: 'Not mine',
      hs_ticket_category: 'Cancellation Request',
    });
    expect(manage.status).toBe(404);
    expect((await browser.request(`/api/hubspot/portal/fetchTickets?dealIds=${claimed}`)).status).toBe(404);

    // Staff see it held, with what the form said, and confirm it.
    const details = await json<{ deals: { id: string; portalHeld: boolean; submittedContact: string | null }[] }>(staff.request(`/api/hubspot/contact-details/${after.id}`));
    expect(details.deals.find((d) => d.id === claimed)).toMatchObject({ portalHeld: true, submittedContact: `Someone Else (${otherPhone})` });
    expect(details.deals.find((d) => d.id === first)).toMatchObject({ portalHeld: false });
    const confirmed = await staff.post(`/api/internal/admin/deals/${claimed}/portal-confirm`);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ success: true, confirmed: true });
    expect((await portalDealIds(browser)).sort()).toEqual([first, claimed].sort());
    const note = await db.outboxEvent.findFirst({ where: { type: 'crm.note-portal-confirmed', aggregateId: claimed } });
    expect(note?.payload).toEqual({ dealId: claimed });

    // A customer's session cannot confirm anything.
    expect((await browser.post(`/api/internal/admin/deals/${first}/portal-confirm`)).status).toBe(403);
  });

  it('the contact form and the notify-me form never rewrite a HubSpot contact; what they said stays on the ticket', async () => {
    const email = uniqueEmail('carl');
    const phone = uniquePhone();
    const hubspotId = await hubspotCustomer(email, phone);

    const ticketRes = await new TestBrowser(api.url).post('/api/hubspot/portal/createContactTicket', {
      name: 'Imposter Person',
      email,
      phone: '(404) 555-0000',
      bookingId: '',
      reason: 'Service Inquiry',
      description: 'Please change my address',
      agreed: true,
    });
    expect(ticketRes.status).toBe(201);
    const ticket = await db.contactTicket.findFirstOrThrow({ where: { email } });
    await jobs.ticket(ticket.id);

    const signupRes = await new TestBrowser(api.url).post('/api/subscribe', { zip: '30318', email, firstName: 'Imposter', interest: 'Residential Cleaning', website: '' });
    expect(signupRes.status).toBe(201);
    const signup = await db.notifySignup.findFirstOrThrow({ where: { email } });
    await jobs.signup(signup.id);

    expect(await hubspotContact(hubspotId)).toMatchObject({ phone, firstname: 'Vera', lastname: 'Victim', address: '1 Real Rd', zip: '30030', notify_interest: 'Residential Cleaning' });
    const { hubspotId: ticketId } = await db.contactTicket.findUniqueOrThrow({ where: { id: ticket.id } });
    const content = (await client.crm.tickets.basicApi.getById(ticketId!, ['content'])).properties.content;
    expect(content).toContain('Submitted by: Imposter Person, +14045550000');
  });

  it('a new e-mail: the contact is created in HubSpot from the form that created it, and signs in with that phone', async () => {
    const customer: TestCustomer = { id: '', email: uniqueEmail('nina'), phone: uniquePhone() };
    const deal = await book(customer.email, customer.phone, 'Nina New');
    await jobs.push(deal);
    const contact = await db.contact.findUniqueOrThrow({ where: { email: customer.email } });
    expect(await hubspotContact(contact.hubspotId!)).toMatchObject({ phone: customer.phone, firstname: 'Nina', lastname: 'New' });
    expect(await portalDealIds(await signedIn(customer))).toEqual([deal]);
  });

  it('the login phone follows HubSpot: staff correct it there, the sweep adopts it and ends the sessions of the old phone', async () => {
    const customer: TestCustomer = { id: '', email: uniqueEmail('pia'), phone: uniquePhone() };
    const deal = await book(customer.email, customer.phone, 'Pia Phone');
    await jobs.push(deal);
    const browser = await signedIn(customer);
    const contact = await db.contact.findUniqueOrThrow({ where: { email: customer.email } });

    const corrected = uniquePhone();
    // Typed in HubSpot as people do: the product keeps it in E.164.
    const typed = `(${corrected.slice(2, 5)}) ${corrected.slice(5, 8)}-${corrected.slice(8)}`;
    await client.crm.contacts.basicApi.update(contact.hubspotId!, { properties: { phone: typed } });
    await jobs.sweep();
    expect(await db.contact.findUniqueOrThrow({ where: { id: contact.id } })).toMatchObject({ phone: corrected });
    expect((await browser.request('/api/portal/deals')).status).toBe(401);
    // The deal was submitted with the old phone: held until staff confirm it for the corrected one.
    expect((await requestCode(customer)).status).toBe(403);
    await staff.post(`/api/internal/admin/deals/${deal}/portal-confirm`);
    expect(await portalDealIds(await signedIn({ ...customer, phone: corrected }))).toEqual([deal]);
  });
});
