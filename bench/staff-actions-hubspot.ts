import type { ChildProcess } from 'node:child_process';
import { createPrismaClient, type Db } from '@app/db/client';
import { startHubSpotEmulator } from '@app/emulators/hubspot/server';
import { createQueueBackend, type AnyQueue } from '@app/runtime/queue/connection';
import { TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';
import { waitUntil } from '../dev/src/net';
import { createTestDatabase } from '../test/database';
import { formatReport, setUpCrmAccount } from '../worker/src/crm/account/setup-account';
import { createStageMap } from '../worker/src/crm/account/stage-map';
import { ACTION_KINDS, actionRequests, readActionDeals, type ActionKind } from './action-deals';
import { startBenchMail } from './bench-mail';
import { startLocalTwilio } from './local-twilio';
import { percentile, summarizeRequests } from './request-stats';
import { seedActionDealsInHubSpot } from './seed-action-deals';
import { dropQueues, startProcess, stop, waitForWorkers } from './server-processes';
import { signInStaff, startStaffApiProcess, type StaffApiProcess } from './staff-api';

/** The staff actions' target: from the api's answer to the command applied in HubSpot, p50 under 2 s. */
export const TARGET_TO_HUBSPOT_P50_MS = 2_000;
const TOKEN = 'bench-token';
/** Staff members the actions come from, in turn. */
const SESSIONS = 5;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Sent {
  kind: ActionKind;
  commandId: string;
  /** Wall-clock time the api's answer was read, comparable with deal_command.settled_at. */
  answeredAt: number;
}

/**
 * bench:staff's actions on their way to HubSpot, with everything a command takes running as it
 * ships: the built api and worker on a database of their own, against a blank HubSpot emulator
 * set up by crm:setup's code (the Twilio emulator takes the texts a schedule sends). The action
 * deals are created in HubSpot and mirrored by the worker's own pull, so the mirror holds
 * HubSpot's ids and versions. Then `count` actions (the kinds in turn, each on a deal of its own)
 * go out at `perSecond`, and each is timed from the api's answer to its command's settled_at
 * once applied (read after all settle, so the polling does not blur it). Prints p50 and p99
 * against the target; returns how many figures missed it.
 */
export async function measureActionsToHubSpot(options: { oidcUrl: string; count: number; perSecond: number; timeoutS: number; now: Date }): Promise<number> {
  const { count, perSecond, now } = options;
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const prefix = `bench-staff-hubspot-${process.pid}`;
  const database = await createTestDatabase('bench_staff_hubspot');
  const db = createPrismaClient(database.url);
  const hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, blank: true });
  const twilio = await startLocalTwilio();
  const mail = await startBenchMail();
  const queueBackend = createQueueBackend({ redisUrl, databaseUrl: '', prefix });
  const crmQueue = queueBackend.createQueue('crm');
  let api: StaffApiProcess | undefined;
  let worker: ChildProcess | undefined;
  try {
    const account = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
    if (!account.ready || !account.stageMap) throw new Error(`crm:setup left the bench account not ready:\n${formatReport(account)}`);
    const perKind = Math.ceil(count / ACTION_KINDS.length);
    const seeded = await seedActionDealsInHubSpot({ hubspot, token: TOKEN, stages: createStageMap(account.stageMap), perKind, now });

    api = await startStaffApiProcess({ databaseUrl: database.url, oidcUrl: options.oidcUrl, queuePrefix: prefix });
    worker = startProcess('worker/dist/main.js', {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      HUBSPOT_ACCESS_TOKEN: TOKEN,
      HUBSPOT_BASE_URL: hubspot.url,
      ...twilio.env,
      ...mail.env,
      TWILIO_STATUS_CALLBACK_URL: `${api.baseUrl}${TWILIO_STATUS_CALLBACK_PATH}`,
      HOUSEKEEPING_INTERVAL_MS: '0',
    });
    // Every queue has its worker, the crm queue's only once the account check passed.
    if (!(await waitForWorkers(redisUrl, prefix, 30_000))) throw new Error('the worker did not start');
    if (!(await waitUntil(async () => (await db.crmAccountStatus.findUnique({ where: { id: 1 } }))?.ready === true, 30_000))) {
      throw new Error('the worker did not find the HubSpot account ready');
    }
    const requestCount = [...seeded.deals.values()].filter((d) => d.kind === 'answer').length;
    const mirrored = async () =>
      (await db.deal.count({ where: { hubspotId: { in: [...seeded.deals.keys()] } } })) === seeded.deals.size &&
      (await db.ticket.count({ where: { deal: { hubspotId: { in: [...seeded.deals.keys()] } } } })) === requestCount &&
      (await db.owner.count({ where: { hubspotId: { in: seeded.cleaners } } })) === seeded.cleaners.length;
    if (!(await pullUntil(crmQueue, mirrored, 120_000))) throw new Error('the pull did not mirror the action deals within 120 s');

    const deals = (await readActionDeals(db, seeded.deals)).sort((a, b) => a.n - b.n || ACTION_KINDS.indexOf(a.kind) - ACTION_KINDS.indexOf(b.kind)).slice(0, count);
    const cleaners = (await db.owner.findMany({ where: { hubspotId: { in: seeded.cleaners } }, select: { id: true }, orderBy: { id: 'asc' } })).map((o) => o.id);
    const { browsers } = await signInStaff(api.baseUrl, SESSIONS, 'hubspot');

    // The set-up's requests are not the actions': a clean log, and the emulator's window afresh.
    hubspot.clearRequests();
    hubspot.rateLimit.set(hubspot.rateLimit.get());
    const from = Date.now();
    const sent: Sent[] = [];
    const refused = new Map<string, number>();
    const started = performance.now();
    for (const [i, deal] of deals.entries()) {
      const dueIn = started + (i * 1000) / perSecond - performance.now();
      if (dueIn > 0) await new Promise((resolve) => setTimeout(resolve, dueIn));
      for (const request of actionRequests(deal, cleaners, now)) {
        const res = await browsers[i % SESSIONS]!.request(request.path, { method: 'POST', body: request.body });
        const body = (await res.json().catch(() => ({}))) as { code?: string; commandId?: string };
        if (res.status !== request.expected) {
          const key = `${res.status} ${body.code ?? ''}`.trim();
          refused.set(key, (refused.get(key) ?? 0) + 1);
          break;
        }
        if (body.commandId) sent.push({ kind: deal.kind, commandId: body.commandId, answeredAt: Date.now() });
      }
    }
    const ids = sent.map((s) => s.commandId);
    const pending = () => db.dealCommand.count({ where: { id: { in: ids }, status: 'pending' } });
    await waitUntil(async () => (await pending()) === 0, options.timeoutS * 1000, 100);
    const requests = summarizeRequests(hubspot.requests(from));
    return report({ db, sent, refused, requests, count, perSecond, timeoutS: options.timeoutS });
  } finally {
    await Promise.all([api && stop(api.child), worker && stop(worker)]);
    await db.$disconnect();
    await crmQueue.close();
    await queueBackend.close();
    await dropQueues(redisUrl, prefix);
    await hubspot.close();
    await twilio.emulator.close();
    await mail.close();
    await database.drop();
  }
}

/** Runs crm.pull jobs one after another (as its schedule would, only sooner) until `done`; false when `timeoutMs` passes first. */
async function pullUntil(crmQueue: AnyQueue, done: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (let run = 1; Date.now() < deadline; run++) {
    const job = await crmQueue.add('crm.pull', {}, { jobId: `bench-actions-pull-${run}`, attempts: 1, removeOnFail: 100 });
    await waitUntil(async () => ['completed', 'failed'].includes(await job.getState()), deadline - Date.now(), 250);
    if (await done()) return true;
  }
  return false;
}

/** Prints the figures: how the commands ended, answer → applied overall and by kind, what HubSpot was asked. */
async function report(r: {
  db: Db;
  sent: readonly Sent[];
  refused: ReadonlyMap<string, number>;
  requests: ReturnType<typeof summarizeRequests>;
  count: number;
  perSecond: number;
  timeoutS: number;
}): Promise<number> {
  const commands = await r.db.dealCommand.findMany({ where: { id: { in: r.sent.map((s) => s.commandId) } }, select: { id: true, status: true, settledAt: true, error: true } });
  const byId = new Map(commands.map((c) => [c.id, c]));
  const applied = r.sent.flatMap((s) => {
    const c = byId.get(s.commandId);
    return c?.status === 'applied' && c.settledAt ? [{ kind: s.kind, ms: c.settledAt.getTime() - s.answeredAt }] : [];
  });
  const statuses = new Map<string, number>();
  for (const c of commands) statuses.set(c.status, (statuses.get(c.status) ?? 0) + 1);
  const sorted = applied.map((a) => a.ms).sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  console.log(
    `actions on their way to HubSpot (worker and HubSpot emulator running): ${r.count} actions at ${r.perSecond}/s, ${r.sent.length} recorded; ` +
      `${[...statuses].map(([status, n]) => `${n} ${status}`).join(', ') || 'none settled'}${statuses.has('pending') ? ` (after ${r.timeoutS} s)` : ''}`,
  );
  for (const [answer, times] of r.refused) console.log(`  refused by the api: ${answer} ×${times}`);
  for (const error of new Set(commands.flatMap((c) => (c.error ? [c.error] : [])))) console.log(`  error: ${error}`);
  console.log(`  answer → applied  p50 ${seconds(p50).padStart(8)}  p99 ${seconds(percentile(sorted, 99)).padStart(8)}  max ${seconds(sorted.at(-1) ?? 0)}  (target p50 < ${TARGET_TO_HUBSPOT_P50_MS / 1000} s)`);
  const kinds = ACTION_KINDS.map((kind) => {
    const own = applied.filter((a) => a.kind === kind).map((a) => a.ms).sort((a, b) => a - b);
    return `${kind} ${seconds(percentile(own, 50))}`;
  });
  console.log(`  p50 by kind: ${kinds.join(', ')}`);
  console.log(
    `  HubSpot requests: ${r.requests.total} (${(r.requests.total / Math.max(1, r.sent.length)).toFixed(1)} a command, pulls included), at most ${r.requests.maxPer10s} in 10 s, ${r.requests.refused} answered 429`,
  );
  const everyApplied = applied.length === r.count;
  return (everyApplied ? 0 : 1) + (sorted.length > 0 && p50 < TARGET_TO_HUBSPOT_P50_MS ? 0 : 1);
}
