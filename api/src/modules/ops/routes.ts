import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Db } from '@app/db/client';
import { emailCounts } from '@app/db/email-counters';
import { lastPullCompletedAt, outboxBacklog } from '@app/db/sync-status';
import type { HubSpotDailyFigures } from '@app/runtime/hubspot-daily';
import type { AnyQueue } from '@app/runtime/queue/connection';
import { JOB_STATES, renderMetrics } from './metrics';
import { errors } from '../../errors';
import type { SmsBudget } from '../portal-auth/service';
import { countRefusedBookings, mirrorFigures, readAccountStatus, smsFailuresByCode, smsHeldCounts, smsMessageCounts, smsOptOutCounts, textsSentRecently } from './repository';

/** Whether an Authorization header carries the token (compared in constant time). */
function bearerMatches(header: string, token: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  const sent = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

/** GET /metrics: queue depths, the outbox backlog, text messages by delivery status, e-mails sent and bounced, and the CRM figures, for Prometheus. */
export function opsRoutes(deps: {
  db: Db;
  queues: Readonly<Record<string, AnyQueue>>;
  smsBudget: SmsBudget;
  /** The bearer token scrapers must send (METRICS_TOKEN); null: open (development and tests). */
  metricsToken: string | null;
  now: () => Date;
  /** How many HubSpot requests waited for the workers' shared budget (Redis); absent: none counted (no Redis). */
  hubspotBudgetWaits?: () => Promise<number>;
  /** Today's count against HubSpot's daily limit (Redis); absent: not counted where the api can see it (no Redis). */
  hubspotDaily?: () => Promise<HubSpotDailyFigures>;
}): Router {
  const budget = deps.smsBudget;
  const { now } = deps;
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    if (deps.metricsToken && !bearerMatches(ctx.get('authorization'), deps.metricsToken)) {
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw errors.unauthorized();
    }
    const [queueCounts, outbox, sms, smsOptOuts, smsHeld, smsFailures, account, refusedBookings, mirror, textsSent, lastPull, hubspotBudgetWaits, hubspotDaily, email] = await Promise.all([
      Promise.all(Object.entries(deps.queues).map(async ([name, queue]) => [name, await queue.getJobCounts(...JOB_STATES)] as const)),
      outboxBacklog(deps.db),
      smsMessageCounts(deps.db),
      smsOptOutCounts(deps.db),
      smsHeldCounts(deps.db),
      smsFailuresByCode(deps.db, now()),
      readAccountStatus(deps.db),
      countRefusedBookings(deps.db),
      mirrorFigures(deps.db),
      textsSentRecently(deps.db, now()),
      lastPullCompletedAt(deps.db),
      deps.hubspotBudgetWaits ? deps.hubspotBudgetWaits().catch(() => null) : Promise.resolve(0),
      deps.hubspotDaily ? deps.hubspotDaily().catch(() => null) : Promise.resolve(null),
      emailCounts(deps.db),
    ]);
    ctx.type = 'text/plain; version=0.0.4; charset=utf-8';
    ctx.body = renderMetrics({
      queues: Object.fromEntries(queueCounts),
      outbox,
      sms,
      smsOptOuts,
      smsHeld,
      smsFailures,
      crm: {
        accountReady: account?.ready ?? null,
        accountProblems: account?.problems.length ?? 0,
        refusedBookings,
        lastPullAgeSeconds: lastPull ? Math.max(0, (now().getTime() - lastPull.getTime()) / 1000) : null,
      },
      mirror,
      smsBudget: { sent: textsSent, limit: { hour: budget.perHour, day: budget.perDay } },
      hubspotBudgetWaits,
      hubspotDaily,
      email,
    });
  });
  return router;
}
