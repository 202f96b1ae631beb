import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Middleware } from 'koa';
import { CLIENT_ROUTES, QUEUE_DASHBOARD_PATH } from '@app/shared/routes';
import type { AnyQueue } from '@app/worker/queue/connection';
import { currentCustomer, currentStaff } from '../../middleware/session';
import { errors } from '../../errors';

const isDashboardPath = (path: string) => path === QUEUE_DASHBOARD_PATH || path.startsWith(`${QUEUE_DASHBOARD_PATH}/`);

/**
 * bull-board's page links its fonts from Google Fonts: every staff visit would tell a third
 * party, and where that host is unreachable the browser logs a failed load. Its styles fall
 * back to the system sans-serif and monospace fonts.
 */
const THIRD_PARTY_FONTS = /<link\b[^>]*href="https:\/\/fonts\.googleapis\.com\/[^"]*"[^>]*>\s*/g;

/**
 * bull-board (every queue, job data, stack traces, retry of failed jobs), for staff only in
 * every environment: a browser without a staff session is sent to the staff sign-in, anything
 * else (bull-board's own JSON calls, scripts) gets 401, or 403 with a customer's session.
 * Needs the session middleware in front of it.
 */
export function queueDashboard(queues: readonly AnyQueue[]): Middleware {
  const serverAdapter = new KoaAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  // bull-board's adapter types name the Redis flavour of Queue; both backends share its API.
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q as never)), serverAdapter });
  const board = serverAdapter.registerPlugin() as Middleware;
  return async (ctx, next) => {
    if (!isDashboardPath(ctx.path)) return next();
    if (!currentStaff(ctx)) {
      const browserPage = ctx.method === 'GET' && ctx.accepts('json', 'html') === 'html';
      if (browserPage) return ctx.redirect(CLIENT_ROUTES.adminLogin);
      throw currentCustomer(ctx) ? errors.forbidden() : errors.unauthorized();
    }
    ctx.set('Cache-Control', 'private, no-store');
    await board(ctx, next);
    if (typeof ctx.body === 'string' && ctx.response.is('html')) ctx.body = ctx.body.replace(THIRD_PARTY_FONTS, '');
  };
}
