import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { staffSignInOptions } from '@app/shared/staff-sign-in';
import type { StaffSignInError } from '@app/shared/texts';
import { rateLimit } from '../../middleware/rate-limit';
import { assertSecureSignIn, isStaffAdmin, isStaffSignedIn, requireStaff, signInStaff, signOut } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { createOidcClient, type StaffSignInSettings } from './oidc-client';
import { finishSignIn, isUnreachable, LOGIN_ATTEMPT_TTL_MS, SignInRefused, startSignIn, staffUser, type StaffAuthDeps } from './service';

const ATTEMPT_COOKIE = 'staff_login';
const ATTEMPT_COOKIE_PATH = '/api/auth';
const NO_STORE = 'private, no-store';
const loginHint = z.email().max(254);

/**
 * Staff sign-in with OpenID Connect (docs/product.md §2 Admin login, §6, §7):
 * GET /api/auth/{provider} starts it, GET /api/auth/{provider}/callback ends it with a staff
 * session and /admin/dashboard, or /admin/login?error={kind} on a failure: `unauthorized` (the
 * product's, docs/product.md §2, for an e-mail that may not sign in), `expired`, `failed`, `provider_unavailable`,
 * `not_configured` or `rate_limited` (the reason itself is only logged); a cleaner's sign-in ends on
 * /cleaner instead. GET /api/auth/me and GET /api/internal/admin/fetch-staff-user need an office
 * staff session (401 without one, 403 for a customer's or a cleaner's); POST /api/auth/logout
 * any staff session, a cleaner's too.
 */
export function staffAuthRoutes(deps: ModuleDeps): Router {
  const settings: StaffSignInSettings | null = deps.staffSignIn;
  const auth: StaffAuthDeps | null = settings ? { db: deps.db, now: deps.now, oidc: createOidcClient(settings), settings } : null;
  const provider = settings?.provider ?? 'google';
  const router = new Router();

  const refuse = (ctx: Context, reason: string, kind: StaffSignInError, error?: unknown) => {
    ctx.state.log.warn({ reason, kind, ...(error ? { err: error } : {}) }, 'staff sign-in refused');
    ctx.redirect(`${CLIENT_ROUTES.adminLogin}?error=${kind}`);
  };
  const cookieOptions = (ctx: Context) => ({ path: ATTEMPT_COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, signed: true, secure: ctx.secure });
  // Each start stores an attempt row: one address gets the public forms' budget for starts and
  // callbacks together, and is sent back to the login page beyond it.
  const signInLimit = rateLimit(deps.publicPosts.rateLimit, {
    onLimited: (ctx) => refuse(ctx, 'too many sign-in requests from this address', 'rate_limited'),
  });

  router.get(`/api/auth/${provider}`, signInLimit, async (ctx) => {
    ctx.set('Cache-Control', NO_STORE);
    assertSecureSignIn(ctx);
    if (!auth) return refuse(ctx, 'staff sign-in is not configured (OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, STAFF_EMAIL_DOMAINS)', 'not_configured');
    // The site's own origin (Koa 3's ctx.origin is the Origin header, which a navigation lacks).
    const redirectUri = auth.settings.redirectUrl ?? `${ctx.protocol}://${ctx.host}/api/auth/${provider}/callback`;
    const hint = loginHint.safeParse(ctx.query.login_hint);
    try {
      const { attemptId, url } = await startSignIn(auth, { redirectUri, loginHint: hint.success ? hint.data : undefined });
      ctx.cookies.set(ATTEMPT_COOKIE, attemptId, { ...cookieOptions(ctx), maxAge: LOGIN_ATTEMPT_TTL_MS });
      ctx.redirect(url.href);
    } catch (error) {
      refuse(ctx, 'could not start sign-in', isUnreachable(error) ? 'provider_unavailable' : 'failed', error);
    }
  });

  router.get(`/api/auth/${provider}/callback`, signInLimit, async (ctx) => {
    ctx.set('Cache-Control', NO_STORE);
    assertSecureSignIn(ctx);
    const attemptId = ctx.cookies.get(ATTEMPT_COOKIE, { signed: true });
    ctx.cookies.set(ATTEMPT_COOKIE, '', { ...cookieOptions(ctx), expires: new Date(0) });
    if (!auth) return refuse(ctx, 'staff sign-in is not configured', 'not_configured');
    try {
      const staff = await finishSignIn(auth, attemptId, ctx.querystring);
      await signInStaff(ctx, staff);
      const role = staff.cleanerOwnerId ? 'cleaner' : 'office';
      ctx.state.log.info({ staffUserId: staff.staffUserId, role }, 'staff signed in');
      // A cleaner's day is their own page; every office page would only refuse them.
      ctx.redirect(staff.cleanerOwnerId ? CLIENT_ROUTES.cleanerDay : CLIENT_ROUTES.adminDashboard);
    } catch (error) {
      if (error instanceof SignInRefused) return refuse(ctx, error.reason, error.kind);
      refuse(ctx, 'sign-in failed', isUnreachable(error) ? 'provider_unavailable' : 'failed', error);
    }
  });

  // Public: what /admin/login offers (the button follows OIDC_PROVIDER) and whether it can work.
  router.get('/api/auth/options', (ctx) => {
    ctx.set('Cache-Control', NO_STORE);
    ctx.body = staffSignInOptions(provider, auth !== null);
  });

  router.get('/api/auth/me', async (ctx) => {
    const { displayName } = await staffUser(deps.db, requireStaff(ctx).staffUserId);
    ctx.set('Cache-Control', NO_STORE);
    // `admin`: the staff pages offer admin-only actions (the api checks the role again on each).
    ctx.body = { displayName, admin: isStaffAdmin(ctx) };
  });

  // The one staff route a cleaner may use besides their own (/api/cleaner/...): signing out.
  router.post('/api/auth/logout', (ctx) => {
    if (!isStaffSignedIn(ctx)) requireStaff(ctx);
    signOut(ctx);
    ctx.body = { success: true };
  });

  router.get('/api/internal/admin/fetch-staff-user', async (ctx) => {
    const { name, email } = await staffUser(deps.db, requireStaff(ctx).staffUserId);
    ctx.set('Cache-Control', NO_STORE);
    ctx.body = { name, email };
  });

  return router;
}
