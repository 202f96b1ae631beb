import type { Server } from 'node:http';
import { createPrismaClient } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { ConfigError } from '@app/shared/parse-env';
import { sendableAt } from '@app/shared/quiet-hours';
import { hubspotBudgetKeys } from '@app/runtime/hubspot-budget-keys';
import { dailyFiguresOf } from '@app/runtime/hubspot-daily';
import { createLogger } from '@app/runtime/logger';
import { SILENT_NOTIFIER, createOutboxNotifier } from '@app/runtime/outbox/notifier';
import { createQueueBackend, createQueues, createRedisConnection, pingQueue } from '@app/runtime/queue/connection';
import { createApp } from './app';
import { loadApiEnv } from './env';
import { SESSION_POLICIES } from './middleware/session';
import { createPostgresSessionStore } from './middleware/session-store';
import { checkCrmAccount, checkPullFreshness, checkSchedules, pingDatabase } from './modules/health/repository';
import { queueDashboard } from './modules/ops/queue-dashboard';
import { opsRoutes } from './modules/ops/routes';
import { moduleRouters } from './modules/registry';

async function main(): Promise<void> {
  const env = loadApiEnv();
  const smsBudget = { perHour: env.SMS_BUDGET_PER_HOUR, perDay: env.SMS_BUDGET_PER_DAY };
  const log = createLogger({ service: 'api', level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const db = createPrismaClient(env.DATABASE_URL, { maxConnections: env.DATABASE_POOL_SIZE, applicationName: 'api' });
  const backend = createQueueBackend({
    redisUrl: env.REDIS_URL,
    databaseUrl: env.DATABASE_URL,
    prefix: env.QUEUE_PREFIX,
    role: 'producer',
  });
  const queues = createQueues(backend);
  // The API never adds jobs itself: it nudges the worker's relay (see runtime/src/outbox/notifier.ts).
  const notifierRedis = env.REDIS_URL ? createRedisConnection(env.REDIS_URL, 'producer') : undefined;
  const outbox = notifierRedis ? createOutboxNotifier({ redis: notifierRedis, queuePrefix: env.QUEUE_PREFIX, log }) : SILENT_NOTIFIER;

  const publicPosts = {
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000, trustedProxyHops: env.TRUST_PROXY_HOPS },
    idempotencyTtlMs: env.IDEMPOTENCY_TTL_HOURS * 3_600_000,
  };
  const now = () => new Date();
  const app = await createApp({
    logger: log,
    bodyLimit: env.BODY_LIMIT,
    allowedOrigins: env.PUBLIC_ORIGINS,
    session: {
      keys: env.SESSION_KEYS,
      httpsOnly: env.COOKIE_SECURE,
      staffAdmins: env.STAFF_ADMINS,
      store: createPostgresSessionStore({ db, now, policies: SESSION_POLICIES }),
    },
    webDistDir: env.WEB_DIST_DIR,
    trustedProxyHops: env.TRUST_PROXY_HOPS,
    hsts: env.COOKIE_SECURE,
    routers: [
      ...moduleRouters({
        db,
        outbox,
        now,
        publicPosts,
        auth: { otpSecret: env.OTP_SECRET, trustedProxyHops: env.TRUST_PROXY_HOPS, smsBudget, smsReplyNumber: env.SMS_REPLY_NUMBER },
        customerTextsOff: env.CUSTOMER_TEXTS_OFF,
        sendableAt: env.QUIET_HOURS ? sendableAt : (at) => at,
        staffSignIn: env.STAFF_SIGN_IN,
        twilioStatus: env.TWILIO_STATUS,
        twilioInbound: env.TWILIO_INBOUND,
        hubspotAccountId: env.HUBSPOT_ACCOUNT_ID ?? null,
        queues,
        homeSecrets: env.HOME_SECRET_KEYRING,
        emailEvents: env.EMAIL_EVENTS,
        plans: { horizonWeeks: env.PLAN_HORIZON_WEEKS, closedDays: new Set(COMPANY.closedDays) },
      }),
      opsRoutes({
        db,
        queues,
        now,
        smsBudget,
        metricsToken: env.METRICS_TOKEN ?? null,
        ...(notifierRedis
          ? {
              hubspotBudgetWaits: async () => Number((await notifierRedis.get(hubspotBudgetKeys(env.QUEUE_PREFIX).waits)) ?? 0),
              hubspotDaily: async () => dailyFiguresOf(await notifierRedis.hgetall(hubspotBudgetKeys(env.QUEUE_PREFIX).daily), Date.now()),
            }
          : {}),
      }),
    ],
    // Staff only (the dashboard checks the session itself), in every environment.
    middleware: [queueDashboard(Object.values(queues))],
    readinessChecks: { database: () => pingDatabase(db), queue: () => pingQueue(queues.crm) },
    // Advice, not readiness: requests are safe in Postgres while the worker heals these.
    readinessAdvisories: { crm: () => checkCrmAccount(db), schedules: () => checkSchedules(db, queues), crmPull: () => checkPullFreshness(db) },
  });

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(env.PORT, env.HOST, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'api stopping');
    const deadline = setTimeout(() => process.exit(1), 10_000);
    deadline.unref();
    server.close(() => {
      Promise.allSettled([...Object.values(queues).map((q) => q.close()), db.$disconnect()])
        .then(() => {
          notifierRedis?.disconnect();
          return backend.close();
        })
        .finally(() => {
          log.info('api stopped');
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Announced only once a signal would be handled.
  log.info({ url: `http://${env.HOST}:${port}`, queue: backend.kind, web: env.WEB_DIST_DIR ?? null }, 'api listening');
  if (!env.STAFF_SIGN_IN) log.warn('staff sign-in is off: set OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and STAFF_EMAIL_DOMAINS');
  if (!env.TWILIO_STATUS.callbackUrl) log.warn('text message delivery tracking is off: set TWILIO_STATUS_CALLBACK_URL (api and worker)');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
