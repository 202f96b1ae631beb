import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { PORTAL_HISTORY_LIMIT } from '@app/shared/constants';
import { CHANGE_LOCKED_24H, COMPLETED, RESCHEDULE_IN_PROGRESS } from '@app/shared/texts';
import { crmPullJob } from '@app/worker/jobs/crm-pull';
import { createLogger } from '@app/runtime/logger';
import { findLoginContact } from '../../../api/src/modules/portal-auth/repository';
import { portalDeals } from '../../../api/src/modules/portal/service';
import { testDatabaseUrl } from '../../../test/context';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { DEMO_CUSTOMER, type DemoPerson } from './demo-plan';
import { hubspotCrm } from './hubspot-crm';
import { seedDemo } from './seed-demo';

const log = createLogger({ service: 'demo-seed-test', level: 'silent', format: 'json' });

describe('demo data: seeded into HubSpot, pulled into the mirror like real data', () => {
  let db: Db;
  let account: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let pull: () => Promise<unknown>;
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
    const job = crmPullJob({ db, hubspot: account.gateway(), account: account.account });
    pull = () => job.process({}, { log, jobId: 'test', attempt: 1 });
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });

  it('is idempotent, makes the customer eligible to sign in, and shows every portal state after a pull', async () => {
    const crm = hubspotCrm(hubspot.url, account.token);
    const firstNow = new Date(Date.now() - 3_600_000);
    const plan = await seedDemo({ crm, db, stages: account.stages, customer, now: firstNow });
    const counts = async () => ({
      contacts: (await crm.list('contacts')).length,
      deals: (await crm.list('deals')).length,
      tickets: (await crm.list('tickets')).length,
      invoices: (await crm.list('invoices')).length,
      companies: (await crm.list('companies')).length,
      logged: (await Promise.all((['notes', 'tasks', 'calls', 'meetings'] as const).map(async (t) => (await crm.list(t)).length))).reduce((a, b) => a + b),
    });
    const first = await counts();
    expect(first).toEqual({
      contacts: plan.people.length,
      deals: plan.deals.length,
      tickets: plan.deals.filter((d) => d.ticket).length,
      invoices: plan.deals.filter((d) => d.invoice).length,
      companies: 1,
      logged: 5,
    });

    // A restart an hour later: same records, dates moved.
    const now = new Date();
    await seedDemo({ crm, db, stages: account.stages, customer, now });
    expect(await counts()).toEqual(first);
    const soon = (await crm.list('deals')).find((d) => d.properties.demo_key === 'demo-soon')!;
    expect(Date.parse(soon.properties.scheduled_date!) - now.getTime()).toBeGreaterThan(19 * 3_600_000);

    const contact = await findLoginContact(db, customer.email, customer.phone);
    expect(contact).toMatchObject({ eligible: true, suspended: false });

    await pull();
    const { upcoming, past } = await portalDeals({ db, now: () => now }, contact!.id);
    expect(upcoming).toHaveLength(plan.deals.filter((d) => d.person === customer.key).length - (PORTAL_HISTORY_LIMIT + 1));
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

    // The customer page's HubSpot context: their company, and what staff logged on them.
    expect(await db.contact.findUniqueOrThrow({ where: { id: contact!.id } })).toMatchObject({ lifecycleStage: 'customer', companyHubspotId: expect.any(String) });
    const logged = await db.crmActivity.findMany({ where: { contactHubspotIds: { has: (await db.contact.findUniqueOrThrow({ where: { id: contact!.id } })).hubspotId! } } });
    expect(logged.map((a) => a.kind).sort()).toEqual(['call', 'meeting', 'note', 'task', 'task']);
  });
});
