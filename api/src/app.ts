import type Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import type { Logger } from '@app/worker/logger';
import { errors } from './errors';
import { errorHandler } from './middleware/error-handler';
import { jsonBody } from './middleware/json-body';
import { originCheck } from './middleware/origin-check';
import { requestContext } from './middleware/request-context';
import { sessionMiddleware, type SessionOptions } from './middleware/session';
import { healthRoutes } from './modules/health/routes';
import type { ReadinessCheck } from './modules/health/service';
import { serveWeb } from './web/serve-web';

export interface AppDeps {
  logger: Logger;
  bodyLimit: string;
  readinessChecks: Record<string, ReadinessCheck>;
  /** Reported by /readyz without making the api unready (e.g. the HubSpot account check). */
  readinessAdvisories?: Record<string, ReadinessCheck>;
  /** Origins besides the request's own that may send state-changing requests (see origin-check.ts). */
  allowedOrigins?: readonly string[];
  /** Cookie sessions (customer portal, staff); without them every guarded endpoint answers 401. */
  session?: SessionOptions;
  /** Module routers (see modules/registry.ts). */
  routers?: readonly Router[];
  /** Mounted after the routers, e.g. the queue dashboard. */
  middleware?: readonly Middleware[];
  /** Built web app to serve, if any. */
  webDistDir?: string | undefined;
}

/** Builds the Koa application. Pure wiring: no listening, no process handling. */
export async function createApp(deps: AppDeps): Promise<Koa> {
  const app = new Koa({ proxy: true });
  app.silent = true; // errors are logged by the error middleware, not by Koa's default handler

  app.use(requestContext(deps.logger));
  app.use(errorHandler());
  app.use(originCheck(deps.allowedOrigins ?? []));
  for (const middleware of jsonBody(deps.bodyLimit)) app.use(middleware);
  if (deps.session) app.use(sessionMiddleware(app, deps.session));

  const health = healthRoutes(deps.readinessChecks, deps.readinessAdvisories);
  app.use(health.routes()).use(health.allowedMethods());
  for (const router of deps.routers ?? []) app.use(router.routes()).use(router.allowedMethods());
  for (const middleware of deps.middleware ?? []) app.use(middleware);

  if (deps.webDistDir) for (const middleware of await serveWeb(deps.webDistDir)) app.use(middleware);

  // Any /api path nobody answered is a JSON 404, never the web app.
  app.use(async (ctx, next) => {
    await next();
    if (ctx.body == null && ctx.status === 404 && ctx.path.startsWith('/api/')) throw errors.notFound();
  });
  return app;
}
