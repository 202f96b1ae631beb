/**
 * `npm run chaos`: with `npm run dev` running on Redis (REDIS_URL), breaks one thing at a time
 * while customers book, ask for changes and ask for login codes, then follows every request the
 * api took into HubSpot and Twilio, and every e-mail the bookings planned into the mail inbox (the
 * emulators): how many arrived, how many were lost or came twice, and how long after the fault
 * everything was there. Exit code 1 if anything was lost or
 * duplicated. Bounded: a fixed set of requests per fault, to 127.0.0.1 only, and a time limit.
 * `npm run chaos -- 1 3` runs only those faults.
 */
import { createServer } from 'node:net';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { ConfigError } from '@app/shared/parse-env';
import { loadChaosConfig, type ChaosConfig } from './config';
import { clientAddress, newRun, type Run } from './customers';
import { openDevDatabase } from './dev-database';
import { emulators as openEmulators } from './emulators';
import type { Fault, FaultContext } from './faults/fault';
import { postgresRestart } from './faults/postgres-restart';
import { queueStoreLost } from './faults/queue-store-lost';
import { mailProviderFailing } from './faults/mail-provider-failing';
import { workerKilled } from './faults/worker-killed';
import { plansRoundKilled } from './faults/plans-round-killed';
import { mailInbox } from './mail-inbox';
import { Observer } from './observer';
import { PLAN } from './plan';
import { openQueueStore } from './queue-store';
import { failed, formatReport, type ReportRow } from './report';
import { runFault, type FaultResult } from './run-fault';
import { selectFaults } from './select-faults';
import { tallyFault } from './tally';

const FAULTS: readonly Fault[] = [queueStoreLost, workerKilled, postgresRestart, mailProviderFailing, plansRoundKilled];

const say = (line: string) => console.log(`[chaos] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether this machine can send from other loopback addresses than 127.0.0.1 (Linux can; see customers.ts). */
function canUseAddress(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(0, address, () => server.close(() => resolve(true)));
  });
}

/** Refuses to start against anything but a running, idle dev of this configuration. */
async function preflight(
  config: ChaosConfig,
  run: Run,
  checks: { emulatorsFaulted: () => Promise<string[]>; mailFaults: () => Promise<Record<string, number>>; storeInUse: () => Promise<boolean>; workers: () => Promise<number> },
): Promise<void> {
  const health = await fetch(new URL('/healthz', config.apiOrigin)).catch(() => undefined);
  if (!health?.ok) throw new Error(`no api at ${config.apiOrigin.origin}: start npm run dev (with the same REDIS_URL and QUEUE_PREFIX) first`);
  const mailFaults = await checks.mailFaults().catch(() => undefined);
  if (!mailFaults) throw new Error(`no mail emulator at ${config.mailUrl}: chaos counts the e-mails in it (npm run dev starts it when EMAIL_SMTP_URL is unset)`);
  const faulted = [...(await checks.emulatorsFaulted()), ...(Object.values(mailFaults).some((n) => n > 0) ? ['mail'] : [])];
  if (faulted.length > 0) throw new Error(`the ${faulted.join(' and ')} emulator already has a fault set (DELETE /_emulator/faults clears it)`);
  if (!(await checks.storeInUse())) {
    throw new Error(`nothing in Redis under the queue prefix "${config.queuePrefix}": run chaos with the REDIS_URL and QUEUE_PREFIX of the npm run dev under test`);
  }
  if ((await checks.workers()) === 0) throw new Error('no worker is connected to the queue: is dev\'s worker running (see its output)?');
  if (!(await canUseAddress(clientAddress(run, 1, 0)))) {
    throw new Error(`cannot send from ${clientAddress(run, 1, 0)}: chaos's customers each need a loopback address of their own (the api limits login codes per address)`);
  }
}

async function main(): Promise<number> {
  const config = loadChaosConfig();
  const chosen = selectFaults(process.argv.slice(2), FAULTS.length);
  const emulators = openEmulators(config.hubspotUrl, config.twilioUrl);
  const mail = mailInbox(config.mailUrl);
  const store = openQueueStore(config.redisUrl, config.queuePrefix);
  const database = await openDevDatabase(config.databaseUrl);
  let cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    const pending = cleanups.reverse();
    cleanups = [];
    for (const cleanup of pending) await cleanup().catch((error: unknown) => console.error(`[chaos] clean-up failed: ${String(error)}`));
  };
  const limit = setTimeout(() => {
    say(`run limit of ${PLAN.runLimitMs / 60_000} minutes reached: stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, PLAN.runLimitMs);
  process.once('SIGINT', () => {
    say('interrupted: cleaning up');
    void cleanUp().finally(() => process.exit(130));
  });
  try {
    const run = newRun();
    await preflight(config, run, { emulatorsFaulted: emulators.faulted, mailFaults: mail.pending, storeInUse: store.inUse, workers: store.workers });
    say(
      `against the api ${config.apiOrigin.origin}, queue prefix "${config.queuePrefix}" in ${new URL(config.redisUrl).host}, ` +
        `HubSpot ${config.hubspotUrl}, Twilio ${config.twilioUrl}, mail ${config.mailUrl}`,
    );
    say(
      `each fault: ${PLAN.bookings} bookings, ${PLAN.changeRequests} change requests, ${PLAN.loginCodes} login codes; ` +
        `a taken request not in HubSpot or Twilio, or a planned e-mail not in the mail inbox, ${PLAN.reachWithinMs / 60_000} minutes after the fault is lost`,
    );
    const preferredDate = addDays(easternToday(), 7);
    const observer = new Observer(emulators);
    const schedulersBefore = await store.schedulerIds();
    const ctx: FaultContext = {
      hubspotUrl: config.hubspotUrl,
      emulators,
      mail,
      store,
      database,
      workerEnv: config.workerEnv,
      say: (line) => say(`  ${line}`),
      afterwards: (cleanup) => cleanups.push(cleanup),
    };
    const results: FaultResult[] = [];
    for (const number of chosen) {
      const common = { run, apiOrigin: config.apiOrigin, preferredDate, emulators, mail, store, database, observer, schedulersBefore, ctx, cleanUp, say };
      results.push(await runFault({ ...common, number, fault: FAULTS[number - 1]! }));
    }

    // A second copy can come late (a job run again after its worker died): one more look at everything.
    say(`looking for late second copies for ${PLAN.settleMs / 1000} s`);
    const everything = results.flatMap((r) => r.requests);
    const settled = Date.now() + PLAN.settleMs;
    const lookAgain = async () => {
      await observer.look(everything);
      for (const result of results) await result.emails.look();
    };
    while (Date.now() < settled) {
      await lookAgain();
      await sleep(PLAN.pollMs * 5);
    }
    await lookAgain();
    // Every request's bound is over (each fault waited for it): only duplicates can have changed.
    const rows: ReportRow[] = results.map(({ fault, requests, emails, endedAt, observation }) => ({
      title: fault.title,
      tally: tallyFault({ requests, seen: observer.seen, faultEndedAt: endedAt, reachWithinMs: PLAN.reachWithinMs, now: Date.now() }),
      emails: emails.tally(PLAN.reachWithinMs, Date.now()),
      schedulers: observation.schedulers,
    }));
    console.log(`\n${formatReport(rows)}\n`);
    if ((await store.workers().catch(() => 1)) === 0) say('no worker is connected to the queue any more: dev\'s worker exited (see its output); start npm run dev again');
    const anyFailed = rows.some(failed);
    say(anyFailed ? 'FAILED: something was lost or duplicated' : 'passed: nothing lost, nothing duplicated, every scheduler back');
    return anyFailed ? 1 : 0;
  } finally {
    clearTimeout(limit);
    await cleanUp();
    await store.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `[chaos] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
