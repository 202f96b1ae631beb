import Router from '@koa/router';
import type { Context } from 'koa';
import { requestCodeSchema, verifyCodeSchema, type CodeSentAnswer } from '@app/shared/login';
import { LOGIN_CODE_SENT } from '@app/shared/texts';
import { errors } from '../../errors';
import { clientIp } from '../../middleware/client-ip';
import { assertSecureSignIn, signInCustomer } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { rateLimit } from '../../middleware/rate-limit';
import { LOGIN_CODE_RULES, LoginLocked, RateLimited, SmsBudgetSpent, loginCodeDeliveryStatus, requestLoginCode, verifyLoginCode } from './service';

/**
 * The browser's own latest login code (its challenge id, signed), so GET /code-status can answer
 * about that one only. Scoped to these routes; lives as long as the code.
 */
const CODE_COOKIE = 'login_code';
const CODE_COOKIE_PATH = '/api/portal/auth';
const NO_STORE = 'private, no-store';

const codeCookieOptions = (ctx: Context) => ({ path: CODE_COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, signed: true, secure: ctx.secure });
/** Refusals that end at a known time say when (seconds), as 429 and 503 answers should. */
function setRetryAfter(ctx: Context, error: unknown): void {
  if (error instanceof RateLimited || error instanceof LoginLocked || error instanceof SmsBudgetSpent) ctx.set('Retry-After', String(error.retryAfterSeconds));
}

/** Signed cookies need the app's keys, which the session middleware sets; apps without sessions (some tests) skip the cookie. */
const canSign = (ctx: Context) => ctx.app.keys !== undefined;

/**
 * Customer login by e-mail, phone and a texted one-time code (docs/product.md §2, §4, §7):
 * POST /api/portal/auth/request-code and POST /api/portal/auth/verify-code, and
 * GET /api/portal/auth/code-status (whether this browser's latest code was delivered).
 * Failures answer { error, code }; the login page shows `error`.
 */
export function portalAuthRoutes(deps: ModuleDeps): Router {
  const serviceDeps = { ...deps, otpSecret: deps.auth.otpSecret, smsBudget: deps.auth.smsBudget, smsReplyNumber: deps.auth.smsReplyNumber };
  const hops = deps.auth.trustedProxyHops;
  const router = new Router({ prefix: '/api/portal/auth' });

  router.post('/request-code', async (ctx) => {
    const input = requestCodeSchema.parse(ctx.request.body ?? {});
    let challengeId: string;
    let expiresAt: Date;
    try {
      ({ challengeId, expiresAt } = await requestLoginCode(serviceDeps, input, clientIp(ctx, hops)));
    } catch (error) {
      setRetryAfter(ctx, error);
      throw error;
    }
    if (canSign(ctx)) ctx.cookies.set(CODE_COOKIE, challengeId, { ...codeCookieOptions(ctx), maxAge: LOGIN_CODE_RULES.ttlMs });
    // Step 2 shows when the code stops working and when another may be sent (the same rule refuses earlier ones).
    ctx.body = {
      success: true,
      message: LOGIN_CODE_SENT,
      expiresAt: expiresAt.toISOString(),
      resendAfterSeconds: LOGIN_CODE_RULES.minGapMs / 1000,
    } satisfies CodeSentAnswer;
  });

  // Guesses from one address are capped too, whichever accounts they aim at.
  const verifyLimit = rateLimit({ ...LOGIN_CODE_RULES.verifyPerClient, trustedProxyHops: hops });
  router.post('/verify-code', verifyLimit, async (ctx) => {
    const input = verifyCodeSchema.parse(ctx.request.body ?? {});
    assertSecureSignIn(ctx);
    let contactId: string;
    try {
      ({ contactId } = await verifyLoginCode(serviceDeps, input));
    } catch (error) {
      setRetryAfter(ctx, error);
      throw error;
    }
    await signInCustomer(ctx, contactId);
    if (canSign(ctx)) ctx.cookies.set(CODE_COOKIE, '', { ...codeCookieOptions(ctx), expires: new Date(0) });
    ctx.body = { success: true };
  });

  router.get('/code-status', async (ctx) => {
    ctx.set('Cache-Control', NO_STORE);
    const challengeId = canSign(ctx) ? ctx.cookies.get(CODE_COOKIE, { signed: true }) : undefined;
    if (!challengeId) throw errors.notFound('No login code was requested from this browser.');
    ctx.body = { status: await loginCodeDeliveryStatus(serviceDeps, challengeId) };
  });

  return router;
}
