import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { CRM_DEAL_STAGES, CRM_PROPERTIES } from '@app/shared/crm-schema';
import { STAGE } from '@app/shared/deal-stages';
import { createdRecords, type CreatedRecords } from '../../../test/hubspot-contract-cleanup';
import { realAccountConfig, realAccountTarget, REAL_ACCOUNT_SKIP_REASON, startEmulatorTarget, type ContractTarget } from '../../../test/hubspot-contract-target';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { crmPullJob } from '../jobs/crm-pull';
import { crmPushBookingJob } from '../jobs/crm-push-booking';
import { createLogger } from '@app/runtime/logger';
import { crmAccount, type CrmAccount } from './account/crm-account';
import type { AccountReport } from './account/reconcile-account';
import { formatReport, setUpCrmAccount } from './account/setup-account';
import { createStageMap, type StageMap, type StageMapData } from './account/stage-map';
import type { WriteOutcome } from './batch-outcome';
import type { NewObject } from './hubspot-gateway';
import { asTheWorkerWould } from '../../../dev/src/demo/as-the-worker-would';

/**
 * The CRM contract: what the worker relies on HubSpot to do, asked of an account through the real
 * SDK. By default the account is a blank emulator (set up here by crm:setup's code); with
 * HUBSPOT_CONTRACT_TOKEN and HUBSPOT_CONTRACT_DEAL_PIPELINE the same scenarios run against a real
 * account, in that sandbox pipeline. Every record a run makes carries the run's marker (or our id)
 * and is archived at the end, whatever failed; records the run did not create are never touched.
 */

const log = createLogger({ service: 'crm-contract', level: process.env.TEST_LOG_LEVEL ?? 'silent', format: 'json' });
const jobContext = { log, jobId: 'crm-contract', attempt: 1 };
const CURSORS = ['hubspot.deals', 'hubspot.invoices', 'hubspot.tickets'] as const;
const SKUS = ['deep-1500', 'addon-oven'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const real = realAccountConfig(process.env);

describe('CRM contract: a blank HubSpot emulator set up by crm:setup', () => crmContract(startEmulatorTarget));

(real ? describe : describe.skip)(real ? 'CRM contract: a real HubSpot account (sandbox deal pipeline)' : REAL_ACCOUNT_SKIP_REASON, () =>
  crmContract(async () => realAccountTarget(real!)),
);

function crmContract(start: () => Promise<ContractTarget>): void {
  let t: ContractTarget;
  let db: Db;
  let created: CreatedRecords;
  const cursorsBefore = new Map<string, string | null>();
  let stageMapData: StageMapData | null = null;

  beforeAll(async () => {
    t = await start();
    db = createPrismaClient(testDatabaseUrl());
    created = createdRecords(t.client, t.budget);
    for (const name of CURSORS) cursorsBefore.set(name, (await db.syncCursor.findUnique({ where: { name } }))?.cursor ?? null);
  });

  afterAll(async () => {
    try {
      // Runs whatever the scenarios did; (g) has normally archived everything already.
      await created?.archiveAll();
    } finally {
      // The pull's cursors belong to the run's other test files too: leave them as found.
      for (const [name, cursor] of cursorsBefore) {
        if (cursor === null) await db.syncCursor.deleteMany({ where: { name } });
        else await db.syncCursor.update({ where: { name }, data: { cursor } });
      }
      await db?.$disconnect();
      await t?.close();
    }
  });

  const setUp = (apply: boolean): Promise<AccountReport> =>
    setUpCrmAccount({ accessToken: t.token, basePath: t.basePath, apply, dealPipelineId: t.dealPipelineId, ticketPipelineId: t.ticketPipelineId, budget: t.budget });

  /** The account's stage map: the one (a) got, or crm:setup's own when a scenario runs alone. */
  async function ready(): Promise<{ stages: StageMap; account: CrmAccount }> {
    if (!stageMapData) {
      const report = await setUp(true);
      if (!report.ready || !report.stageMap) throw new Error(`crm:setup left the account not ready:\n${formatReport(report)}`);
      stageMapData = report.stageMap;
    }
    const stages = createStageMap(stageMapData);
    return { stages, account: crmAccount(stages) };
  }

  it('(a) crm:setup --check reports the account, crm:setup makes it ready with a stage map, and a second check finds everything', async () => {
    const check = await setUp(false);
    const subjects = check.items.map((i) => i.subject);
    for (const p of CRM_PROPERTIES) expect(subjects).toContain(`${p.objectType}.${p.name}`);
    for (const s of CRM_DEAL_STAGES) expect(subjects).toContain(`deals stage "${s.label}"`);
    if (t.emulator) {
      // A blank account lacks all of it, and a check changes nothing.
      expect(check.ready).toBe(false);
      expect(check.stageMap).toBeNull();
      expect(check.items.filter((i) => i.status === 'missing').length).toBeGreaterThan(CRM_PROPERTIES.length);
    }

    const applied = await setUp(true);
    expect(applied.problems).toEqual([]);
    expect(applied.ready).toBe(true);
    expect(formatReport(applied)).toContain('The account has everything the product needs.');
    const map = applied.stageMap!;
    expect(map.dealPipelineId).toBe(t.dealPipelineId);
    expect(Object.keys(map.deals).sort()).toEqual(CRM_DEAL_STAGES.map((s) => s.key).sort());

    const again = await setUp(false);
    expect(again.problems).toEqual([]);
    expect(again.ready).toBe(true);
    expect(again.stageMap).toEqual(map);
    stageMapData = map;
  }, 60_000);

  // (b) and (c) write the same three deals: the third asks for a time of day the account has no option for.
  const batchKeys = () => ['b1', 'b2', 'b3'].map((n) => `${t.marker}-${n}`);
  const batchDeals = (stages: StageMap): NewObject[] =>
    batchKeys().map((key, i) => ({
      properties: {
        app_request_id: key,
        dealname: `Contract test ${key}`,
        pipeline: stages.dealPipelineId,
        dealstage: stages.dealStageId(STAGE.CLEAN_REQUESTED),
        time_of_day: i === 2 ? 'midnight' : 'morning',
      },
    }));
  let firstBatch: Promise<{ outcome: WriteOutcome; requests: number }> | null = null;
  const createBatchOnce = (stages: StageMap) => {
    firstBatch ??= (async () => {
      for (const key of batchKeys()) created.withRequestId('deals', key);
      const before = t.requestCount();
      const outcome = await t.gateway.createOrFind('deals', batchDeals(stages));
      return { outcome, requests: t.requestCount() - before };
    })();
    return firstBatch;
  };

  it('(b) a batch of three new deals, one with a value HubSpot refuses: two ids and one permanent failure with HubSpot’s reason, in one request', async () => {
    const { stages } = await ready();
    const { outcome, requests } = await createBatchOnce(stages);
    const [k1, k2, k3] = batchKeys();
    expect([...outcome.ids.keys()].sort()).toEqual([k1, k2]);
    expect([...outcome.failures.keys()]).toEqual([k3]);
    const failure = outcome.failures.get(k3!)!;
    expect(failure.permanent).toBe(true);
    expect(failure.message).toContain('time_of_day');
    // One request: HubSpot answered input by input (207, errors naming our objectWriteTraceId). Had it
    // refused the whole batch, the gateway would have sent each input alone (four requests).
    expect(requests).toBe(1);
  });

  it('(c) creating the same deals again (a retry whose answer was lost) finds them by app_request_id: no duplicates, counted by batch read', async () => {
    const { stages } = await ready();
    const first = (await createBatchOnce(stages)).outcome;
    const startedAt = Date.now();
    const before = t.requestCount();
    const again = await t.gateway.createOrFind('deals', batchDeals(stages));
    expect(again.ids).toEqual(first.ids);
    expect(again.failures.get(batchKeys()[2]!)?.permanent).toBe(true);
    // A batch read by the unique app_request_id: each key names at most one record, and it is the one first made.
    expect(await t.gateway.readByRequestId('deals', batchKeys())).toEqual(first.ids);
    expect(t.requestCount() - before).toBeLessThanOrEqual(4);
    if (t.emulator) {
      const keys = new Set(batchKeys());
      expect(t.emulator.objects('deals').filter((d) => keys.has(d.properties.app_request_id ?? ''))).toHaveLength(2);
      expect(t.emulator.requests(startedAt).filter((r) => r.path.endsWith('/search'))).toEqual([]);
    }
  });

  let pushed: Promise<{ dealId: string; hubspotId: string }> | null = null;
  const pushBookingOnce = (account: CrmAccount) => {
    pushed ??= (async () => {
      const email = `${t.marker}@example.com`;
      created.contact(email);
      const booking = await insertBooking(db, { email, skus: SKUS });
      created.withRequestId('deals', booking.dealId);
      for (const sku of SKUS) created.withRequestId('line_items', `${booking.dealId}:${sku}`);
      await db.deal.update({ where: { id: booking.dealId }, data: { name: `Contract test ${t.marker}` } });
      // batchSize 1: the job takes this booking only, never one another test file left waiting.
      const job = crmPushBookingJob({ db, hubspot: t.gateway, account, batchSize: 1 });
      expect(await job.process({ dealId: booking.dealId }, jobContext)).toEqual({ outcome: 'pushed', pushed: 1, failed: 0 });
      const { hubspotId } = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
      return { dealId: booking.dealId, hubspotId: hubspotId! };
    })();
    return pushed;
  };

  it('(d) crm.push-booking: the contact, the deal at Clean Requested in the configured pipeline with its contact, a line item per product', async () => {
    const { stages, account } = await ready();
    const before = t.requestCount();
    const { dealId, hubspotId } = await pushBookingOnce(account);
    expect(t.requestCount() - before).toBeLessThanOrEqual(4);

    const local = await db.deal.findUniqueOrThrow({ where: { id: dealId }, include: { contact: true } });
    expect(local.crmSyncedAt).not.toBeNull();
    const [deal] = await t.gateway.readBatch('deals', [hubspotId], ['pipeline', 'dealstage', 'amount', 'app_request_id', 'external_skus', 'time_of_day']);
    expect(deal?.properties).toMatchObject({
      pipeline: t.dealPipelineId,
      dealstage: stages.dealStageId(STAGE.CLEAN_REQUESTED),
      app_request_id: dealId,
      external_skus: SKUS.join(';'),
      time_of_day: 'morning',
    });
    expect(Number(deal?.properties.amount)).toBe(349);

    const contacts = await t.gateway.associatedIds('deals', 'contacts', [hubspotId]);
    expect(contacts.get(hubspotId)).toEqual([local.contact!.hubspotId]);
    const lineItemIds = (await t.gateway.associatedIds('deals', 'line_items', [hubspotId])).get(hubspotId) ?? [];
    const items = await t.gateway.readBatch('line_items', lineItemIds, ['hs_sku', 'price', 'app_request_id']);
    expect(items.map((i) => i.properties.hs_sku).sort()).toEqual([...SKUS].sort());
    expect(Number(items.find((i) => i.properties.hs_sku === 'addon-oven')?.properties.price)).toBe(80);
  });

  it('(e) staff move the deal to Cleaning Scheduled in HubSpot; crm.pull stores the product’s stage key in the mirror', async () => {
    const { stages, account } = await ready();
    const { dealId, hubspotId } = await pushBookingOnce(account);
    // Pull only what changed since shortly before this run, not the whole account's history.
    const since = new Date(Date.now() - 2 * 60_000).toISOString();
    for (const name of CURSORS) await db.syncCursor.upsert({ where: { name }, create: { name, cursor: since }, update: { cursor: since } });

    // What a person does on the deal's page, as one PATCH through the SDK.
    await t.budget.take();
    await t.client.crm.deals.basicApi.update(hubspotId, { properties: { dealstage: stages.dealStageId(STAGE.CLEANING_SCHEDULED) } });

    // The pull finds changes with search, whose index trails writes by seconds: a few pulls, a few seconds apart.
    const pull = crmPullJob({ db, hubspot: t.gateway, account });
    const before = t.requestCount();
    const stageOf = async () => (await db.deal.findUniqueOrThrow({ where: { id: dealId } })).stageId;
    for (let attempt = 0; attempt < 4 && (await stageOf()) !== STAGE.CLEANING_SCHEDULED; attempt++) {
      await sleep(3_000);
      // A search refused by the shared budget (other files search too) waits and runs again, as the worker's queue would.
      await asTheWorkerWould(() => pull.process({}, jobContext));
    }
    expect(await stageOf()).toBe(STAGE.CLEANING_SCHEDULED);
    expect(t.requestCount() - before).toBeLessThanOrEqual(40);
  }, 60_000);

  it('(f) the owners list answers, and so does the list of archived (deactivated) owners', async () => {
    // The pull reads both lists: active owners, and archived ones (kept as inactive).
    const owners = await t.gateway.listOwners();
    const active = owners.filter((o) => !o.archived);
    for (const owner of owners) expect(owner).toMatchObject({ id: expect.any(String), archived: expect.any(Boolean) });
    await t.budget.take();
    const archived = await t.client.crm.owners.ownersApi.getPage(undefined, undefined, 100, true);
    for (const owner of archived.results) expect(owner).toMatchObject({ id: expect.any(String), archived: true });
    if (t.emulator) {
      expect(active.length).toBeGreaterThan(0);
      expect(archived.results.map((o) => o.email)).toContain('former.cleaner@atlantahomecleaning.example');
    }
  });

  it('(g) archives every record the run created, found again by its keys (afterAll repeats this if a scenario failed first)', async () => {
    await created.archiveAll();
    expect(await created.find()).toEqual(new Map());
    if (t.emulator) {
      // The blank account had no records: everything alive now would be a leftover of this run.
      for (const type of ['contacts', 'deals', 'line_items']) expect(t.emulator.objects(type)).toEqual([]);
    }
  });
}
