import Router from '@koa/router';
import type { Db } from '@app/db/client';
import { countRefusedBookings, readAccountStatus } from '@app/worker/crm/account/account-status-repository';
import { outboxBacklog } from '@app/worker/outbox/relay-repository';
import type { AnyQueue } from '@app/worker/queue/connection';
import { JOB_STATES, renderMetrics } from './metrics';
import { mirrorFigures, smsMessageCounts } from './repository';

/** GET /metrics: queue depths, the outbox backlog, text messages by delivery status and the CRM figures, for Prometheus. */
export function opsRoutes(deps: { db: Db; queues: Readonly<Record<string, AnyQueue>> }): Router {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    const [queueCounts, outbox, sms, account, refusedBookings, mirror] = await Promise.all([
      Promise.all(Object.entries(deps.queues).map(async ([name, queue]) => [name, await queue.getJobCounts(...JOB_STATES)] as const)),
      outboxBacklog(deps.db),
      smsMessageCounts(deps.db),
      readAccountStatus(deps.db),
      countRefusedBookings(deps.db),
      mirrorFigures(deps.db),
    ]);
    ctx.type = 'text/plain; version=0.0.4; charset=utf-8';
    ctx.body = renderMetrics({
      queues: Object.fromEntries(queueCounts),
      outbox,
      sms,
      crm: { accountReady: account?.ready ?? null, accountProblems: account?.problems.length ?? 0, refusedBookings },
      mirror,
    });
  });
  return router;
}
