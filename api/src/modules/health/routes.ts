import Router from '@koa/router';
import { checkReadiness, type Readiness, type ReadinessCheck } from './service';

const statesOf = (checks: Readiness['checks']) => Object.fromEntries(Object.entries(checks).map(([name, c]) => [name, { ok: c.ok }]));

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
  // Anyone can ask: the answer names the checks and their states only. Why one fails (a
  // connection string, a host name, what the HubSpot account lacks) goes to the log.
  router.get('/readyz', async (ctx) => {
    const [readiness, advice] = await Promise.all([checkReadiness(checks), checkReadiness(advisories)]);
    for (const [name, check] of [...Object.entries(readiness.checks), ...Object.entries(advice.checks)]) {
      if (!check.ok) ctx.state.log?.warn({ check: name, error: check.error }, 'readiness check failing');
    }
    ctx.status = readiness.ready ? 200 : 503;
    ctx.body = { status: readiness.ready ? 'ready' : 'not ready', checks: statesOf(readiness.checks), advisories: statesOf(advice.checks) };
  });
  return router;
}
