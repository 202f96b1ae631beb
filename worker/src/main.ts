import { Redis } from 'ioredis';
import { createPrismaClient } from '@app/db/client';
import { ConfigError } from '@app/shared/parse-env';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { createAccountApi } from './crm/account/account-api';
import { startAccountGate } from './crm/account/account-gate';
import { crmAccount } from './crm/account/crm-account';
import { createHubSpotClient, HUBSPOT_API_BASE } from './crm/hubspot-client';
import { createHubSpotCall, createHubSpotGateway } from './crm/hubspot-gateway';
import { dailyFiguresFromHeaders } from './crm/daily-budget';
import { localHubSpotBudgets, redisHubSpotBudgets } from './crm/request-budget';
import { loadWorkerEnv } from './env';
import { sendableAt } from '@app/shared/quiet-hours';
import { createJobs } from './jobs/registry';
import { createLogger } from '@app/runtime/logger';
import { listenForOutboxNudges } from '@app/runtime/outbox/notifier';
import { startRelay } from './outbox/relay';
import { startCompletionMarks } from './outbox/completions';
import { markCompleted } from './outbox/reconcile-repository';
import { startReconciler } from './outbox/reconciler';
import { DEFAULT_BACKOFF } from './queue/job-options';
import { startScheduleKeeper } from './queue/schedules';
import { createQueueBackend, createQueues } from '@app/runtime/queue/connection';
import { trackProviderOutages } from './queue/provider-outages';
import { startWorkers } from './runtime';
import { createTwilioClient } from './sms/twilio-client';
import { createMailTransport } from './email/mail-transport';
import { emailCompany } from './email/email-company';
import { COMPANY } from '@app/runtime/company';

async function main(): Promise<void> {
  const env = loadWorkerEnv();
  const log = createLogger({ service: 'worker', level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const db = createPrismaClient(env.DATABASE_URL, { applicationName: 'worker' });
  const queueConfig = { redisUrl: env.REDIS_URL, databaseUrl: env.DATABASE_URL, prefix: env.QUEUE_PREFIX };

  const budgetLimits = {
    request: { max: env.HUBSPOT_BUDGET_MAX, windowMs: env.HUBSPOT_BUDGET_WINDOW_MS, marginMs: env.HUBSPOT_BUDGET_MARGIN_MS },
    search: { max: env.HUBSPOT_SEARCH_BUDGET_MAX, windowMs: env.HUBSPOT_SEARCH_BUDGET_WINDOW_MS, marginMs: env.HUBSPOT_BUDGET_MARGIN_MS },
  };
  const dailyLimits = {
    limit: env.HUBSPOT_DAILY_LIMIT,
    timeZone: env.HUBSPOT_TIME_ZONE,
    reservePercent: env.HUBSPOT_DAILY_RESERVE_PERCENT,
    sweepPerDay: env.CRM_SWEEP_DAILY_REQUESTS,
  };
  const budgetRedis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: null }) : undefined;
  // Keys `${QUEUE_PREFIX}:hubspot-budget`, `:hubspot-search-budget` and `:hubspot-daily`, shared by every worker.
  const budgets = budgetRedis
    ? redisHubSpotBudgets(budgetRedis, env.QUEUE_PREFIX, budgetLimits, dailyLimits)
    : localHubSpotBudgets(budgetLimits, Date.now, dailyLimits);
  const daily = budgets.daily!;
  const hubspotClient = createHubSpotClient({
    accessToken: env.HUBSPOT_ACCESS_TOKEN!,
    basePath: env.HUBSPOT_BASE_URL,
    timeoutMs: env.HUBSPOT_TIMEOUT_MS,
    // HubSpot's own count of the account's day (other integrations included), when its answers carry it.
    onResponseHeaders: (headers) => {
      const figures = dailyFiguresFromHeaders(headers);
      if (figures) daily.observe(figures).catch((error: unknown) => log.warn({ err: error }, 'could not record HubSpot\'s daily figures'));
    },
  });
  const hubspot = createHubSpotGateway(hubspotClient, budgets);
  const twilio = createTwilioClient({ accountSid: env.TWILIO_ACCOUNT_SID!, authToken: env.TWILIO_AUTH_TOKEN!, baseUrl: env.TWILIO_BASE_URL });
  const account = crmAccount();
  const mail = createMailTransport({ smtpUrl: env.EMAIL_SMTP_URL!, verifyTls: env.EMAIL_SMTP_TLS_VERIFY !== 'off' });
  const jobs = createJobs({
    db,
    hubspot,
    account,
    twilio,
    smsFrom: env.TWILIO_FROM!,
    otpSecret: env.OTP_SECRET!,
    portalUrl: `${env.PUBLIC_URL!}${CLIENT_ROUTES.login}`,
    smsStatusCallbackUrl: env.TWILIO_STATUS_CALLBACK_URL,
    crmPullRereadMs: env.CRM_PULL_REREAD_MS,
    notices: {
      off: env.CUSTOMER_TEXTS_OFF,
      reminderLeadMs: env.REMINDER_LEAD_HOURS * 3_600_000,
      sendable: env.QUIET_HOURS ? sendableAt : (at) => at,
      ratingDelayMinutes: env.RATING_REQUEST_DELAY_MINUTES ?? null,
      invoiceReminderDays: env.INVOICE_REMINDER_DAYS,
      invoiceReminderDelaySeconds: env.INVOICE_REMINDER_DELAY_SECONDS ?? null,
    },
    plans: { horizonWeeks: env.PLAN_HORIZON_WEEKS, closedDays: COMPANY.closedDays },
    // The whole mirror once per CRM_SWEEP_PASS_HOURS, a slice per scheduled run.
    email: { transport: mail, from: env.EMAIL_FROM ?? `${COMPANY.name} <${COMPANY.email}>`, company: emailCompany(COMPANY, env.PUBLIC_URL!), publicUrl: env.PUBLIC_URL! },
    sweepRunsPerPass: env.CRM_SWEEP_INTERVAL_MS > 0 ? Math.max(1, Math.round((env.CRM_SWEEP_PASS_HOURS * 3_600_000) / env.CRM_SWEEP_INTERVAL_MS)) : 1,
  });
  const today = await daily.figures().catch(() => undefined);
  if (today) log.info({ day: today.day, used: today.used, limit: today.limit, timeZone: env.HUBSPOT_TIME_ZONE }, 'HubSpot daily budget');

  // Shared by the job runtime (which reports) and the relay (which holds a down queue's events).
  const outages = trackProviderOutages({ holdMs: env.PROVIDER_OUTAGE_HOLD_MS });
  // Done, whatever the event's contract says: the reconciler leaves it alone from now on.
  const completions = startCompletionMarks(
    (ids) => markCompleted(db, ids),
    (error, ids) => log.warn({ err: error, jobs: ids.length }, 'could not record completed jobs'),
  );
  const runtime = await startWorkers({
    backend: createQueueBackend(queueConfig),
    jobs,
    log,
    outages,
    settings: {
      concurrency: env.WORKER_CONCURRENCY,
      stalledIntervalMs: env.WORKER_STALLED_INTERVAL_MS,
      backoff: { ...DEFAULT_BACKOFF, baseMs: env.JOB_RETRY_BASE_MS },
    },
    held: ['crm'],
    onCompleted: (jobId) => completions.add(jobId),
  });
  const accountGate = startAccountGate({
    api: createAccountApi({
      client: hubspotClient,
      call: createHubSpotCall(budgets.request, daily),
      accessToken: env.HUBSPOT_ACCESS_TOKEN!,
      basePath: env.HUBSPOT_BASE_URL ?? HUBSPOT_API_BASE,
      timeoutMs: env.HUBSPOT_TIMEOUT_MS,
    }),
    db,
    account,
    log: log.child({ component: 'crm-account' }),
    pipelines: { dealPipelineId: env.HUBSPOT_DEAL_PIPELINE, ticketPipelineId: env.HUBSPOT_TICKET_PIPELINE },
    recheckMs: env.CRM_ACCOUNT_RECHECK_MS,
    onReady: () => runtime.release('crm'),
  });
  // The relay adds jobs with a fail-fast connection: while the queue is down it keeps rows pending.
  const relayBackend = createQueueBackend({ ...queueConfig, role: 'producer' });
  const relayQueues = createQueues(relayBackend);
  const relay = startRelay({ db, queues: relayQueues, log: log.child({ component: 'relay' }), outages, pushLingerMs: env.CRM_PUSH_LINGER_MS });
  // The API nudges after each commit with events, so work starts at once rather than at the next poll.
  const nudges = env.REDIS_URL
    ? listenForOutboxNudges({ redisUrl: env.REDIS_URL, queuePrefix: env.QUEUE_PREFIX, log, onNudge: relay.wake })
    : undefined;
  // The queue store may lose what the relay gave it: events whose job vanished are dispatched again.
  const reconciler = startReconciler({ db, queues: relayQueues, log: log.child({ component: 'reconciler' }), onRedispatch: relay.wake, intervalMs: env.OUTBOX_RECONCILE_INTERVAL_MS });
  // Asserted now and checked at that interval too: a schedule the store lost comes back by itself.
  const schedules = startScheduleKeeper({
    db,
    queues: relayQueues,
    log: log.child({ component: 'schedules' }),
    checkMs: env.OUTBOX_RECONCILE_INTERVAL_MS,
    schedules: [
      { name: 'crm.pull', everyMs: env.CRM_PULL_INTERVAL_MS },
      { name: 'crm.sweep', everyMs: env.CRM_SWEEP_INTERVAL_MS },
      { name: 'housekeeping.purge-expired', everyMs: env.HOUSEKEEPING_INTERVAL_MS },
      { name: 'plans.make-visits', everyMs: env.PLAN_VISITS_INTERVAL_MS },
    ],
  });
  await schedules.ready;

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'worker stopping: finishing running jobs');
    const deadline = setTimeout(() => {
      log.error('running jobs did not finish in time; exiting (they will be retried after stall detection)');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    (async () => {
      accountGate.stop();
      await schedules.stop();
      await reconciler.stop();
      await nudges?.close();
      await relay.stop();
      await runtime.close();
      await completions.flush();
      await Promise.all(Object.values(relayQueues).map((q) => q.close()));
      await relayBackend.close();
      budgetRedis?.disconnect();
      mail.close();
      await db.$disconnect();
    })().then(
      () => {
        log.info('worker stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'worker shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Announced only once a signal would be handled.
  if (!env.TWILIO_STATUS_CALLBACK_URL) log.warn('text message delivery tracking is off: set TWILIO_STATUS_CALLBACK_URL (api and worker)');
  log.info({ backend: relayBackend.kind, queues: runtime.workers.map((w) => w.name), jobs: jobs.map((j) => j.name) }, 'worker ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
