import Router from '@koa/router';
import { checkReadiness, type ReadinessCheck } from './service';

/** Liveness (the process answers) and readiness (its dependencies answer). */
export function healthRoutes(checks: Record<string, ReadinessCheck>): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const readiness = await checkReadiness(checks);
    ctx.status = readiness.ready ? 200 : 503;
    ctx.body = { status: readiness.ready ? 'ready' : 'not ready', checks: readiness.checks };
  });
  return router;
}
