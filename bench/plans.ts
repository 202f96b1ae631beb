/**
 * npm run bench:plans — recurring plans made from nothing (docs/recurring-plans.md): BENCH_PLANS
 * (300) plans, weekly, every 2 weeks and monthly mixed, in a fresh database; the built worker's
 * plans.make-visits makes their PLAN_HORIZON_WEEKS (8) weeks of visits and crm.push-booking pushes
 * them to the HubSpot emulator (blank, set up by crm:setup's code), within the worker's request
 * budgets. Midway (once BENCH_KILL_AT, 40 %, of the visits are in HubSpot) the worker is killed
 * with SIGKILL and started again. Prints the time until every visit is in HubSpot, the HubSpot
 * requests per visit, the most in any 10 s against the budget, the share of the daily limit, and
 * the duplicates (in HubSpot by our id and by plan and date; in Postgres by plan and date).
 * Everything runs on 127.0.0.1, bounded by BENCH_TIMEOUT_S (600), and is stopped and dropped.
 * Targets: horizon ready within 10 minutes, <= 1.5 requests per visit, under 80 % of the 10-second
 * budget, 0 duplicates.
 */
import type { ChildProcess } from 'node:child_process';
import { createPrismaClient, type Db } from '@app/db/client';
import { startHubSpotEmulator } from '@app/emulators/hubspot/server';
import { startMailEmulator } from '@app/emulators/mail/mail-emulator';
import { horizonWindow } from '@app/runtime/plans/plan-visits';
import { planVisits, type PlanFrequency, type PlanRule, type Weekday } from '@app/shared/plan-schedule';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { waitUntil } from '../dev/src/net';
import { formatReport, setUpCrmAccount } from '../worker/src/crm/account/setup-account';
import { createTestDatabase } from '../test/database';
import { startLocalTwilio } from './local-twilio';
import { requestKind, summarizeRequests } from './request-stats';
import { dropQueues, startProcess, stop, waitForWorkers } from './server-processes';

const PLANS = Number(process.env.BENCH_PLANS ?? 300);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 0.4);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 600);
const HORIZON_WEEKS = 8;
/** The worker's budget (HUBSPOT_BUDGET_MAX per HUBSPOT_BUDGET_WINDOW_MS: worker/src/env.ts defaults) and HubSpot's daily limit. */
const BUDGET_PER_10S = 100;
const DAILY_LIMIT = Number(process.env.HUBSPOT_DAILY_LIMIT ?? 250_000);
const TARGET = { readyMs: 600_000, requestsPerVisit: 1.5, per10s: 0.8 * BUDGET_PER_10S };
const TOKEN = 'bench-token';
const MAIL_LOGIN = { username: 'bench-mail', password: 'bench-mail-password' };
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const FREQUENCIES: readonly PlanFrequency[] = ['weekly', 'every_2_weeks', 'monthly_nth_weekday'];
const CLEANERS = ['Ana', 'Bea', 'Cruz', 'Dee'];

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISS');
const line = (label: string, value: string, target?: string, ok?: boolean) =>
  console.log(`${label.padEnd(30)}${value.padEnd(64)}${target ? `(target ${target}) ${verdict(ok ?? false)}` : ''}`);

/** Plan n: its frequency and weekday in turn, from tomorrow, at 8, 10, 12 or 14 o'clock Eastern, with one of four cleaners. */
function planOf(n: number, start: string): { rule: PlanRule; cleaner: number } {
  const frequency = FREQUENCIES[n % FREQUENCIES.length]!;
  return {
    rule: {
      frequency,
      weekday: ((n % 6) + 1) as Weekday,
      nth: frequency === 'monthly_nth_weekday' ? ((n % 4) + 1) as 1 | 2 | 3 | 4 : undefined,
      startTime: `${String(8 + 2 * (n % 4)).padStart(2, '0')}:00`,
      startDate: start,
      endDate: null,
      pauses: [],
      closedDayRule: 'next_open_day',
    },
    cleaner: n % CLEANERS.length,
  };
}

async function seedPlans(db: Db, ownerIds: readonly string[], start: string): Promise<number> {
  let expected = 0;
  const window = horizonWindow(new Date(), HORIZON_WEEKS);
  for (let n = 0; n < PLANS; n++) {
    const { rule, cleaner } = planOf(n, start);
    expected += planVisits(rule, window).length;
    const contact = await db.contact.create({ data: { email: `plan.${n}@example.com`, firstName: 'Plan', lastName: `Customer${n}`, street: `${n} Peachtree St NE`, city: 'Atlanta', state: 'GA', zip: '30303' } });
    await db.recurringPlan.create({
      data: {
        contactId: contact.id, street: contact.street, city: 'Atlanta', state: 'GA', zip: '30303', squareFootage: 1500, serviceType: 'Recurring Clean', visitType: 'basic',
        skus: ['recurring-basic-1500'], amountCents: 17_900, firstVisitCents: 17_900, frequency: rule.frequency, weekday: rule.weekday, nth: rule.nth ?? null,
        startTime: rule.startTime, durationMinutes: 120, ownerId: ownerIds[cleaner]!, startDate: new Date(`${start}T00:00:00Z`), createdBy: 'bench@example.com',
      },
    });
  }
  return expected;
}

async function main(): Promise<void> {
  console.log(`bench:plans — ${PLANS} plans (weekly, every 2 weeks, monthly) from nothing, ${HORIZON_WEEKS} weeks of visits; the worker killed (SIGKILL) at ${Math.round(KILL_AT * 100)} % and started again`);
  const database = await createTestDatabase('bench_plans');
  const hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, blank: true });
  const account = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
  if (!account.ready) throw new Error(`crm:setup left the bench account not ready:\n${formatReport(account)}`);
  const db = createPrismaClient(database.url);
  const twilio = await startLocalTwilio();
  // The worker needs a mail provider; the visits' reminders are due weeks ahead, so none is sent here.
  const mail = await startMailEmulator({ ...MAIL_LOGIN, verifiedDomains: [] });
  const prefix = `bench-plans-${process.pid}`;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    HUBSPOT_ACCESS_TOKEN: TOKEN,
    HUBSPOT_BASE_URL: hubspot.url,
    ...twilio.env,
    EMAIL_SMTP_URL: `smtp://${MAIL_LOGIN.username}:${MAIL_LOGIN.password}@${mail.smtpHost}:${mail.smtpPort}`,
    // The emulator's STARTTLS certificate is its own, which production refuses unchecked.
    EMAIL_SMTP_TLS_VERIFY: 'off',
    NODE_ENV: 'development',
    PLAN_HORIZON_WEEKS: String(HORIZON_WEEKS),
    PLAN_VISITS_INTERVAL_MS: '5000',
    HOUSEKEEPING_INTERVAL_MS: '0',
    CRM_SWEEP_INTERVAL_MS: '0',
  };
  let worker: ChildProcess | undefined;
  try {
    const owners = CLEANERS.map((name) => hubspot.addOwner({ email: `${name.toLowerCase()}@cleaning.example`, firstName: name, lastName: 'Cleaner' }));
    const ownerIds = [];
    for (const o of owners) ownerIds.push((await db.owner.create({ data: { hubspotId: o.id, firstName: o.firstName, lastName: o.lastName, email: o.email, isCleaner: true } })).id);
    const accountReady = async () => (await db.crmAccountStatus.findUnique({ where: { id: 1 } }))?.ready === true;
    const synced = () => db.deal.count({ where: { source: 'plan', crmSyncedAt: { not: null } } });
    // A worker at work already (its account checked, its first pull done), as in production.
    worker = startProcess('worker/dist/main.js', env);
    if (!(await waitForWorkers(REDIS_URL, prefix, 30_000)) || !(await waitUntil(accountReady, 30_000))) throw new Error('the worker did not start');
    await new Promise((resolve) => setTimeout(resolve, 5_000));

    // The plans arrive at once; the worker's next round (within PLAN_VISITS_INTERVAL_MS) makes their visits.
    // The set-up's and the start's requests are not the plans': the emulator's window starts afresh (set() resets it).
    hubspot.clearRequests();
    hubspot.rateLimit.set(hubspot.rateLimit.get());
    const from = Date.now();
    const start = addDays(easternToday(), 1);
    const expected = await seedPlans(db, ownerIds, start);
    console.log(`made ${PLANS} plans in ${((Date.now() - from) / 1000).toFixed(1)} s: ${expected} visits due in the next ${HORIZON_WEEKS} weeks\n`);
    const deadline = from + TIMEOUT_S * 1000;
    // Killed mid-run, as a crash or an out-of-memory kill would: no shutdown, jobs left active.
    await waitUntil(async () => (await synced()) >= KILL_AT * expected, deadline - Date.now(), 100);
    const killedAt = await synced();
    const exited = new Promise((resolve) => worker!.once('exit', resolve));
    worker.kill('SIGKILL');
    await exited;
    worker = startProcess('worker/dist/main.js', env);
    const ready = await waitUntil(async () => (await synced()) >= expected, deadline - Date.now(), 250);
    const until = Date.now();
    // A moment for anything still in flight to show, were the run to make a second copy.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const made = await db.deal.count({ where: { source: 'plan' } });
    const doubledHere = await db.$queryRaw<[{ n: bigint }]>`SELECT count(*) AS n FROM (SELECT 1 FROM deal WHERE plan_id IS NOT NULL GROUP BY plan_id, plan_occurrence HAVING count(*) > 1) d`;
    const remote = hubspot.objects('deals').filter((d) => d.properties.recurring_plan_id);
    const copies = (key: (p: Record<string, string | null | undefined>) => string) => {
      const seen = new Map<string, number>();
      for (const d of remote) seen.set(key(d.properties), (seen.get(key(d.properties)) ?? 0) + 1);
      return [...seen.values()].filter((n) => n > 1).length;
    };
    const byId = copies((p) => p.app_request_id ?? '');
    const byDate = copies((p) => `${p.recurring_plan_id}:${p.plan_occurrence_date}`);
    const entries = hubspot.requests(from).filter((e) => e.at <= until);
    const requests = summarizeRequests(entries);
    const pushes = summarizeRequests(entries.filter((e) => requestKind(e) === 'push'));
    const perVisit = requests.total / Math.max(1, made);
    const visitsPerDay = expected / (HORIZON_WEEKS * 7);
    const pct = (n: number) => `${((100 * n) / DAILY_LIMIT).toFixed(2)} %`;

    line('visits made', `${made} of ${expected} (${remote.length} in HubSpot)`, String(expected), made === expected && remote.length === expected);
    line('horizon ready', ready ? `${((until - from) / 1000).toFixed(1)} s after the plans were made` : `not after ${TIMEOUT_S} s`, '< 10 min', ready && until - from < TARGET.readyMs);
    line('killed', `SIGKILL with ${killedAt} visits in HubSpot, started again`);
    line('requests per visit', `${perVisit.toFixed(3)} (${requests.total}: push ${requests.push}, pull ${requests.pull}, account ${requests.account})`, '<= 1.5', perVisit <= TARGET.requestsPerVisit);
    line('requests in any 10 s', `at most ${requests.maxPer10s} of the budget's ${BUDGET_PER_10S}, the visits' pushes ${pushes.maxPer10s}`, '< 80 %', requests.maxPer10s < TARGET.per10s);
    line('answered 429', String(requests.refused));
    line('daily limit: the horizon', `${requests.total} of ${DAILY_LIMIT} (${pct(requests.total)}) to make it from nothing`);
    line('daily limit: a day after', `about ${Math.ceil(visitsPerDay * perVisit)} (${pct(visitsPerDay * perVisit)}) for ${visitsPerDay.toFixed(0)} new visits a day`);
    line('duplicates in HubSpot', `${byId} by our id, ${byDate} by plan and date`, '0', byId === 0 && byDate === 0);
    line('duplicates in Postgres', `${Number(doubledHere[0].n)} by plan and date`, '0', Number(doubledHere[0].n) === 0);
  } finally {
    if (worker) await stop(worker);
    await db.$disconnect();
    await dropQueues(REDIS_URL, prefix);
    await hubspot.close();
    await twilio.emulator.close();
    await mail.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
