import Router from '@koa/router';
import { checkReadiness, type ReadinessCheck } from './service';

/**
 * Liveness (the process answers) and readiness (its dependencies answer). Advisories are
 * reported beside the checks without making the api unready: the api keeps taking requests
 * (they are safe in Postgres) while, say, the HubSpot account lacks a property.
 */
export function healthRoutes(checks: Record<string, ReadinessCheck>, advisories: Record<string, ReadinessCheck> = {}): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const [readiness, advice] = await Promise.all([checkReadiness(checks), checkReadiness(advisories)]);
    ctx.status = readiness.ready ? 200 : 503;
    ctx.body = { status: readiness.ready ? 'ready' : 'not ready', checks: readiness.checks, advisories: advice.checks };
  });
  return router;
}
