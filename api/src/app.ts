import type Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import type { Logger } from '@app/runtime/logger';
import { errors } from './errors';
import { errorHandler } from './middleware/error-handler';
import { jsonBody } from './middleware/json-body';
import { originCheck } from './middleware/origin-check';
import { requestContext } from './middleware/request-context';
import { safeJson } from './middleware/safe-json';
import { securityHeaders } from './middleware/security-headers';
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
  /**
   * Proxies in front of the api (TRUST_PROXY_HOPS). Only with some are X-Forwarded-For, -Proto
   * and -Host believed (ctx.ip, ctx.secure, ctx.host), and only as many entries as there are
   * proxies; default 0: the socket and the request's own Host.
   */
  trustedProxyHops?: number;
  /** Send Strict-Transport-Security (production). */
  hsts?: boolean;
}

/** Builds the Koa application. Pure wiring: no listening, no process handling. */
export async function createApp(deps: AppDeps): Promise<Koa> {
  const hops = deps.trustedProxyHops ?? 0;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true; // errors are logged by the error middleware, not by Koa's default handler

  app.use(securityHeaders({ hsts: deps.hsts ?? false }));
  // Absolute URLs come from PUBLIC_URL (or, outside production, the request's Host): an
  // X-Forwarded-Host, which a client can send through any proxy, never shapes one.
  app.use((ctx, next) => {
    delete ctx.req.headers['x-forwarded-host'];
    return next();
  });
  app.use(requestContext(deps.logger));
  app.use(errorHandler());
  app.use(originCheck(deps.allowedOrigins ?? []));
  for (const middleware of jsonBody(deps.bodyLimit)) app.use(middleware);
  app.use(safeJson());
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
