import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Middleware } from 'koa';
import { CLIENT_ROUTES, QUEUE_DASHBOARD_PATH } from '@app/shared/routes';
import type { AnyQueue } from '@app/runtime/queue/connection';
import { currentCleaner, currentStaff, isStaffAdmin, requireStaff } from '../../middleware/session';
import { errors } from '../../errors';
import { QUEUE_DASHBOARD_CSP } from '../../middleware/security-headers';

/** What a job carries that only admins see: its payload, its result and where it failed in our code. */
const ADMIN_ONLY_JOB_FIELDS = ['data', 'returnValue', 'stacktrace'] as const;
const HIDDEN = '[admins only]';
/** Hidden in the shape bull-board expects: its page joins a stack trace's lines. */
const hidden = (value: unknown): unknown => (Array.isArray(value) ? (value.length > 0 ? [HIDDEN] : []) : HIDDEN);

/** bull-board's JSON with every job's data, result and stack trace replaced (a job: an object with `data` and `opts`). */
function withoutJobData(body: unknown): unknown {
  const parsed = typeof body === 'string' ? safeJson(body) : body;
  const redact = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(redact);
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    const isJob = 'data' in record && 'opts' in record;
    return Object.fromEntries(
      Object.entries(record).map(([key, v]) => [key, isJob && (ADMIN_ONLY_JOB_FIELDS as readonly string[]).includes(key) ? hidden(v) : redact(v)]),
    );
  };
  return parsed === undefined ? body : redact(parsed);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isDashboardPath = (path: string) => path === QUEUE_DASHBOARD_PATH || path.startsWith(`${QUEUE_DASHBOARD_PATH}/`);

/**
 * bull-board's page links its fonts from Google Fonts: every staff visit would tell a third
 * party, and where that host is unreachable the browser logs a failed load. Its styles fall
 * back to the system sans-serif and monospace fonts.
 */
const THIRD_PARTY_FONTS = /<link\b[^>]*href="https:\/\/fonts\.googleapis\.com\/[^"]*"[^>]*>\s*/g;

/**
 * bull-board (every queue, job data, stack traces, retry of failed jobs), for staff only in
 * every environment, and read-only without the admin role (STAFF_ADMIN_EMAILS): no action, no
 * job data, result, stack trace or log. Otherwise: a browser without a staff session is sent to the staff sign-in, anything
 * else (bull-board's own JSON calls, scripts) gets 401, or 403 with a customer's session.
 * Needs the session middleware in front of it.
 */
export function queueDashboard(queues: readonly AnyQueue[]): Middleware {
  const serverAdapter = new KoaAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  // bull-board's adapter types name the Redis flavour of Queue; both backends share its API.
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q as never)),
    serverAdapter,
    // The way back into the staff workspace (its menu in the page's header).
    options: {
      uiConfig: {
        boardTitle: 'Queues',
        hideDocsLink: true,
        miscLinks: [
          { text: 'Back to the staff workspace', url: CLIENT_ROUTES.adminDashboard },
          { text: 'Calendar', url: CLIENT_ROUTES.adminScheduledSnapshot },
        ],
      },
    },
  });
  const board = serverAdapter.registerPlugin() as Middleware;
  return async (ctx, next) => {
    if (!isDashboardPath(ctx.path)) return next();
    if (!currentStaff(ctx)) {
      const browserPage = ctx.method === 'GET' && ctx.accepts('json', 'html') === 'html';
      // A cleaner is signed in already: the office's sign-in page is no way in for them.
      if (browserPage && !currentCleaner(ctx)) return ctx.redirect(CLIENT_ROUTES.adminLogin);
      requireStaff(ctx); // throws: 401, or 403 for a customer's or a cleaner's session
    }
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Security-Policy', QUEUE_DASHBOARD_CSP);
    const admin = isStaffAdmin(ctx);
    // Staff watch; only admins act (retry, clean, pause, add a job: adding one to the sms queue
    // would text anything from the company's number) or read job data and logs.
    if (!admin && (ctx.method !== 'GET' || /\/logs\/?$/.test(ctx.path))) throw errors.forbidden();
    await board(ctx, next);
    if (typeof ctx.body === 'string' && ctx.response.is('html')) ctx.body = ctx.body.replace(THIRD_PARTY_FONTS, '');
    if (!admin && ctx.path.startsWith(`${QUEUE_DASHBOARD_PATH}/api/`)) ctx.body = withoutJobData(ctx.body);
  };
}
