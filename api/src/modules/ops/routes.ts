import Router from '@koa/router';
import type { Db } from '@app/db/client';
import { outboxBacklog } from '@app/worker/outbox/relay-repository';
import type { AnyQueue } from '@app/worker/queue/connection';
import { JOB_STATES, renderMetrics } from './metrics';
import { mirrorFigures } from './repository';

/** GET /metrics: queue depths, the outbox backlog and the CRM mirror's archived rows, for Prometheus. */
export function opsRoutes(deps: { db: Db; queues: Readonly<Record<string, AnyQueue>> }): Router {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    const [queueCounts, outbox, mirror] = await Promise.all([
      Promise.all(Object.entries(deps.queues).map(async ([name, queue]) => [name, await queue.getJobCounts(...JOB_STATES)] as const)),
      outboxBacklog(deps.db),
      mirrorFigures(deps.db),
    ]);
    ctx.type = 'text/plain; version=0.0.4; charset=utf-8';
    ctx.body = renderMetrics({ queues: Object.fromEntries(queueCounts), outbox, mirror });
  });
  return router;
}
