import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { PORTAL_HISTORY_LIMIT } from '@app/shared/constants';
import { STAGE } from '@app/shared/deal-stages';
import { formatEasternShort } from '@app/shared/eastern-time';
import { dollarsToCents } from '@app/shared/invoice';
import { CHANGE_LOCKED_24H, COMPLETED, RESCHEDULE_IN_PROGRESS } from '@app/shared/texts';
import type { HubSpotGateway } from '@app/worker/crm/hubspot-gateway';
import { crmApplyQuoteAnswerJob } from '@app/worker/jobs/crm-apply-quote-answer';
import { crmPullJob } from '@app/worker/jobs/crm-pull';
import { createLogger } from '@app/runtime/logger';
import { findLoginContact } from '../../../api/src/modules/portal-auth/repository';
import { findWaiting } from '@app/db/conversations';
import { portalDeals } from '../../../api/src/modules/portal/service';
import { hubspotLinks } from '../../../api/src/modules/staff/common/hubspot-links';
import { openRequests } from '../../../api/src/modules/staff/requests/service';
import { testDatabaseUrl } from '../../../test/context';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { signIn, startPortalApi, TestBrowser, type PortalApi } from '../../../test/portal-app';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { asTheWorkerWould } from './as-the-worker-would';
import { DEMO_CUSTOMER, type DemoPerson } from './demo-plan';
import { hubspotCrm } from './hubspot-crm';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { DEMO_CLEANER, DEMO_RATED_DEAL, seedDemo } from './seed-demo';
import { DEMO_DOOR_CODE, DEMO_HOME } from './demo-home';
import { cleanerDays } from '@app/shared/cleaner-day';
import { cleanerDay } from '../../../api/src/modules/cleaner/service';
import { revealForCleaner } from '../../../api/src/modules/home-profile/cleaner-reveal';
import { DEV_HOME_SECRET_KEYS, keyringOf } from '../../../api/src/modules/home-profile/sealing';

const log = createLogger({ service: 'demo-seed-test', level: 'silent', format: 'json' });

describe('demo data: seeded into HubSpot, pulled into the mirror like real data', () => {
  let db: Db;
  let account: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;
  let pull: () => Promise<unknown>;
  let api: PortalApi;
  // Our own identity: the test database is shared by every integration test file of the run.
  const suffix = randomBytes(4).toString('hex');
  const customer: DemoPerson = {
    ...DEMO_CUSTOMER,
    email: `demo.${suffix}@example.com`,
    phone: `+1404555${String(parseInt(suffix, 16) % 10_000).padStart(4, '0')}`,
  };

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    account = await startSetUpHubSpot();
    hubspot = account.emulator;
    gateway = account.gateway();
    const job = crmPullJob({ db, hubspot: gateway, account: account.account });
    // The seeder's calls fill HubSpot's window for the test's pull: it waits as the worker's would.
    pull = () => asTheWorkerWould((attempt) => job.process({}, { log, jobId: 'test', attempt }));
    api = await startPortalApi('demo-seed', new Date());
  });
  afterAll(async () => {
    await api.close();
    await hubspot.close();
    await db.$disconnect();
  });

  it('is idempotent, makes the customer eligible to sign in, shows every portal state after a pull, and a quote to answer', async () => {
    const crm = hubspotCrm(hubspot.url, account.token);
    const homeSecrets = keyringOf(DEV_HOME_SECRET_KEYS);
    const seed = (now: Date) => seedDemo({ crm, db, gateway, stages: account.stages, customer, now, log, homeSecrets });
    const firstNow = new Date(Date.now() - 3_600_000);
    const { plan, quotes } = await seed(firstNow);
    const sent = quotes.get('demo-quote');
    expect(sent).toEqual({ kind: 'sent', commandId: expect.any(String) });
    const sentId = sent?.kind === 'sent' ? sent.commandId : '';
    const counts = async () => ({
      contacts: (await crm.list('contacts')).length,
      deals: (await crm.list('deals')).length,
      tickets: (await crm.list('tickets')).length,
      invoices: (await crm.list('invoices')).length,
      companies: (await crm.list('companies')).length,
      logged: (await Promise.all((['notes', 'tasks', 'calls', 'meetings'] as const).map(async (t) => (await crm.list(t)).length))).reduce((a, b) => a + b),
      lineItems: (await crm.list('line_items')).length,
      quotes: await db.dealCommand.count({ where: { kind: 'quote', deal: { contact: { email: customer.email } } } }),
    });
    const first = await counts();
    expect(first).toEqual({
      contacts: plan.people.length,
      deals: plan.deals.length,
      tickets: plan.deals.filter((d) => d.ticket).length,
      invoices: plan.deals.filter((d) => d.invoice).length,
      companies: 1,
      // What staff logged on the customer, and the quote's note on its deal.
      logged: 6,
      // The quote's service, add-on and adjustment.
      lineItems: 3,
      quotes: 1,
    });

    // A restart an hour later: same records, dates moved, the same quote still awaiting its answer.
    const now = new Date();
    expect((await seed(now)).quotes.get('demo-quote')).toEqual({ ...sent, kind: 'kept' });
    expect(await counts()).toEqual(first);
    const soon = (await crm.list('deals')).find((d) => d.properties.demo_key === 'demo-soon')!;
    expect(Date.parse(soon.properties.scheduled_date!) - now.getTime()).toBeGreaterThan(19 * 3_600_000);

    const contact = await findLoginContact(db, customer.email, customer.phone);
    expect(contact).toMatchObject({ eligible: true, suspended: false });

    // The weekly plan, made once: eight visits from three days after the first start, the third
    // skipped and the fifth moved to the next afternoon, both detached, each on its way to HubSpot.
    const plans = await db.recurringPlan.findMany({ where: { contactId: contact!.id }, include: { visits: { orderBy: { planOccurrence: 'asc' } } } });
    expect(plans).toHaveLength(1);
    const visits = plans[0]!.visits;
    expect(visits).toHaveLength(8);
    expect(visits.map((v) => v.stageId === STAGE.CANCELED)).toEqual([false, false, true, false, false, false, false, false]);
    expect(visits.map((v) => v.planDetachedAt !== null)).toEqual([false, false, true, false, true, false, false, false]);
    expect(formatEasternShort(visits[4]!.scheduledAt!)).toMatch(/ at 1:00 PM$/);
    expect(visits[4]!.preferredDate!.getTime() - visits[4]!.planOccurrence!.getTime()).toBe(86_400_000);
    expect(await db.outboxEvent.count({ where: { type: 'crm.push-booking', aggregateId: { in: visits.map((v) => v.id) } } })).toBe(8);

    // A short conversation by text, its last reply unanswered, seeded once however often it runs;
    // and the rating the customer texted back for their last done cleaning, which waits for nobody.
    expect(await db.inboundText.count({ where: { fromPhone: customer.phone } })).toBe(3);
    const rated = await db.cleaningRating.findMany({ where: { phone: customer.phone }, include: { owner: true, inboundText: true, deal: true } });
    expect(rated).toEqual([
      expect.objectContaining({ rating: 5, contactId: expect.any(String), owner: expect.objectContaining({ email: expect.stringMatching(/@/) }), inboundText: expect.objectContaining({ body: 'Five stars!' }) }),
    ]);
    expect(rated[0]!.deal.hubspotId).toBe((await crm.list('deals')).find((d) => d.properties.demo_key === DEMO_RATED_DEAL)!.id);
    expect(now.getTime() - rated[0]!.ratedAt!.getTime()).toBeLessThan(30 * 86_400_000);
    expect(await db.smsMessage.count({ where: { to: customer.phone, purpose: { in: ['rating_request', 'rating_reply'] } } })).toBe(2);
    expect(await db.smsMessage.count({ where: { to: customer.phone, purpose: 'staff_reply' } })).toBe(1);
    const waiting = await findWaiting(db, { phone: customer.phone, limit: 1 });
    expect(waiting.rows).toEqual([expect.objectContaining({ phone: customer.phone, texts: 1, latest: expect.stringContaining('gate code') })]);
    expect(now.getTime() - waiting.rows[0]!.since.getTime()).toBe(25 * 60_000);

    await pull();
    const { upcoming, past } = await portalDeals({ db, now: () => now }, contact!.id);
    // The plan's visits are cleanings of the customer's like any other (the skipped one is not ahead).
    const planVisitsAhead = visits.filter((v) => v.stageId !== STAGE.CANCELED).length;
    expect(upcoming).toHaveLength(plan.deals.filter((d) => d.person === customer.key).length - (PORTAL_HISTORY_LIMIT + 1) + planVisitsAhead);
    expect(past).toHaveLength(PORTAL_HISTORY_LIMIT);
    expect(upcoming.map((d) => d.manage.message)).toContain(CHANGE_LOCKED_24H);
    expect(upcoming.map((d) => d.manage.message)).toContain(RESCHEDULE_IN_PROGRESS);
    expect(upcoming.map((d) => d.manage.note)).toContain('Recently modified (Reschedule Request)');
    expect(upcoming.filter((d) => d.status.notConfirmed).map((d) => d.status.label).sort()).toEqual([
      'Awaiting Quote Approval',
      'Invoice Payment Needed',
      'Pending Estimate Call',
    ]);
    expect(new Set([...upcoming, ...past].map((d) => d.invoice.status))).toEqual(new Set(['paid', 'open', 'voided', null]));
    expect(past.map((d) => d.status.label)).toContain('Cleaning Done');
    expect(past.map((d) => d.status.label)).not.toContain(COMPLETED);

    // The staff calendar's cleanings this week have owners in the mirror.
    const scheduled = await db.deal.findMany({
      where: { hubspotId: { in: (await crm.list('deals')).filter((d) => d.properties.demo_key?.startsWith('demo-week-')).map((d) => d.id) } },
      include: { owner: true },
    });
    expect(scheduled).toHaveLength(10);
    for (const deal of scheduled) expect(deal.owner?.email).toMatch(/@/);
    // The demo cleaner is marked on the roster (and only they): signing in with their e-mail opens My day.
    const marked = await db.owner.findMany({ where: { isCleaner: true, hubspotId: { in: SEED_OWNERS.map((o) => o.id) } }, select: { hubspotId: true, email: true, active: true } });
    expect(marked).toEqual([{ hubspotId: DEMO_CLEANER.id, email: DEMO_CLEANER.email, active: true }]);
    expect(scheduled.some((deal) => deal.owner?.hubspotId === DEMO_CLEANER.id)).toBe(true);

    // The demo cleaner's day: a cleaning of the customer today and tomorrow, with the home
    // profile; the door code (one, however often seeded) opens on today's only, recorded.
    expect(await db.homeProfile.findUniqueOrThrow({ where: { contactId: contact!.id }, select: { accessInstructions: true, parking: true, pets: true, careNotes: true } })).toEqual(DEMO_HOME);
    const codes = await db.homeSecret.findMany({ where: { contactId: contact!.id }, select: { id: true, label: true, kind: true } });
    expect(codes).toEqual([{ id: expect.any(String), label: DEMO_DOOR_CODE.label, kind: 'door' }]);
    const cleanerOwner = await db.owner.findUniqueOrThrow({ where: { hubspotId: DEMO_CLEANER.id } });
    const cleanerIdentity = { staffUserId: 'demo-test', email: DEMO_CLEANER.email, ownerId: cleanerOwner.id };
    const [today, tomorrow] = cleanerDays(now);
    const mineOn = async (date: string) => (await cleanerDay({ db, now: () => now }, cleanerIdentity, date)).cleanings.filter((c) => c.customerFirstName === customer.firstName && c.codes.length > 0);
    const onToday = (await mineOn(today)).find((c) => c.codesToday)!;
    expect(onToday).toMatchObject({ home: DEMO_HOME, codes: [{ id: codes[0]!.id, label: 'Front door', kind: 'door' }] });
    expect((await mineOn(tomorrow)).map((c) => c.codesToday)).toContain(false);
    const reveal = (dealId: string) => revealForCleaner({ db, homeSecrets }, { dealId, secretId: codes[0]!.id, cleanerOwnerId: cleanerOwner.id, cleanerEmail: DEMO_CLEANER.email, now });
    expect(await reveal(onToday.id)).toMatchObject({ ok: true, value: DEMO_DOOR_CODE.value });
    const tomorrowsId = (await mineOn(tomorrow)).find((c) => !c.codesToday)!.id;
    expect(await reveal(tomorrowsId)).toEqual({ ok: false, refusal: 'not_today' });

    // The customer page's HubSpot context: their company, and what staff logged on them.
    expect(await db.contact.findUniqueOrThrow({ where: { id: contact!.id } })).toMatchObject({ lifecycleStage: 'customer', companyHubspotId: expect.any(String) });
    const logged = await db.crmActivity.findMany({ where: { contactHubspotIds: { has: (await db.contact.findUniqueOrThrow({ where: { id: contact!.id } })).hubspotId! } } });
    expect(logged.map((a) => a.kind).sort()).toEqual(['call', 'meeting', 'note', 'task', 'task']);

    // The office's change request to answer: the customer's reschedule, open on the requests page.
    const requests = await openRequests({ db, links: hubspotLinks(null) }, { kind: 'all', q: customer.email });
    expect(requests.items.map((r) => ({ kind: r.kind, stage: r.deal.stageId, otherPending: r.answerable?.otherPending }))).toEqual([
      { kind: 'reschedule', stage: STAGE.CLEANING_SCHEDULED, otherPending: false },
    ]);

    // The quote awaiting approval, as the demo customer's portal shows it once signed in.
    const browser = new TestBrowser(api.url);
    await signIn(api, browser, { id: contact!.id, email: customer.email, phone: customer.phone });
    const shown = (await (await browser.request('/api/portal/deals')).json()) as { upcoming: Array<{ id: string; status: { label: string } }> };
    const quoted = shown.upcoming.find((d) => d.status.label === 'Awaiting Quote Approval')!;
    const quoteOf = async () => (await (await browser.request(`/api/portal/deals/${quoted.id}/quote`)).json()) as { canAnswer: boolean; quote: { commandId: string; quote: { lines: Array<{ id: string }>; totalCents: number }; answer: unknown } | null };
    expect(await quoteOf()).toMatchObject({
      canAnswer: true,
      quote: { commandId: sentId, quote: { lines: [{ id: 'recurring-deep-2000' }, { id: 'addon-oven' }], totalCents: 52_900 }, answer: null },
    });
    // HubSpot holds what the worker set: the quote's amount and line items (our ids name the command).
    const remote = (await crm.list('deals')).find((d) => d.properties.demo_key === 'demo-quote')!;
    expect(dollarsToCents(remote.properties.amount ?? null)).toBe(52_900);
    const items = (await crm.list('line_items')).filter((i) => i.associations?.deals?.includes(remote.id));
    expect(items.map((i) => i.properties.app_request_id).sort()).toEqual([1, 2, 3].map((n) => `quote:${sentId}:${n}`));

    // The customer approves; the next start sends a new quote to try again.
    expect((await browser.post(`/api/portal/deals/${quoted.id}/quote-answer`, { answer: 'approved' })).status).toBe(201);
    const answer = await db.quoteAnswer.findFirstOrThrow({ where: { dealId: quoted.id } });
    const applyAnswer = crmApplyQuoteAnswerJob({ db, hubspot: gateway, account: account.account });
    await asTheWorkerWould((attempt) => applyAnswer.process({ answerId: answer.id }, { log, jobId: 'test', attempt }));
    expect(await db.quoteAnswer.findUniqueOrThrow({ where: { id: answer.id } })).toMatchObject({ status: 'applied' });
    const again = (await seed(new Date())).quotes.get('demo-quote');
    expect(again).toEqual({ kind: 'sent', commandId: expect.any(String) });
    expect(await quoteOf()).toMatchObject({ canAnswer: true, quote: { commandId: again?.kind === 'sent' ? again.commandId : '', answer: null } });
    expect(await counts()).toMatchObject({ lineItems: 3, quotes: 2 });
    // Four seedings and a quote's round trip: the seeder's calls meet the account's 10-second
    // window (100 requests) and wait it out as the worker would, about 15 s of the test.
  }, 90_000);
});
