import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import createSession from 'koa-session';
import { QUEUE_DASHBOARD_PATH } from '@app/shared/routes';
import { SIGN_IN_NEEDS_HTTPS } from '@app/shared/texts';
import { AppError, errors } from '../errors';
import type { PostgresSessionStore, SessionPolicies, StoredSessionData } from './session-store';
import { isWebhookPath } from './webhook-paths';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Customers: 30 minutes idle, 12 hours at most. Staff: 15 minutes idle, 8 hours at most. */
export const SESSION_POLICIES: SessionPolicies = {
  customer: { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR },
  staff: { idleMs: 15 * MINUTE, absoluteMs: 8 * HOUR },
};

export const SESSION_COOKIE = 'sid';
/**
 * In production: the browser keeps a `__Host-` cookie only if it is Secure, for path / and
 * without a Domain, so no sibling host and no plain-HTTP page can plant or read it.
 */
export const PRODUCTION_SESSION_COOKIE = '__Host-sid';
/** 256 bits from the CSPRNG (koa-session's default is a 122-bit UUID). */
const newSessionId = () => randomBytes(32).toString('base64url');
const COOKIE_PATH = '/';
/**
 * Where sessions are read: the API and the queue dashboard. Pages and assets never cost a lookup,
 * nor do provider webhooks (no person's session is ever behind them).
 */
const SESSION_PREFIXES = ['/api/', QUEUE_DASHBOARD_PATH];
const usesSession = (path: string) => !isWebhookPath(path) && SESSION_PREFIXES.some((prefix) => path.startsWith(prefix));
const USER_AGENT_MAX = 512;

/** Requests that came with a cookie whose session no longer exists. */
const staleCookie = new WeakSet<Context>();

export interface SessionOptions {
  /** Cookie signing keys; the first signs, all verify (rotation). */
  keys: readonly string[];
  /**
   * Production: the cookie is `__Host-sid`, always Secure, and signing in over plain HTTP is
   * refused (assertSecureSignIn). Elsewhere `sid`, Secure only on HTTPS requests.
   */
  httpsOnly: boolean;
  /** Lower-case e-mails of the staff with the admin role (STAFF_ADMIN_EMAILS), checked on every request. */
  staffAdmins?: readonly string[];
  store: PostgresSessionStore;
}

/** The part of koa-session's Session object we use. */
interface KoaSession extends Record<string, unknown> {
  toJSON(): Record<string, unknown>;
  regenerate(): Promise<void>;
}

/**
 * koa-session with the Postgres store. The cookie is HttpOnly, SameSite=Lax, signed, scoped to
 * /api and lives as long as the browser session; the server enforces the real timeouts
 * (SESSION_POLICIES) in the store. A request without the cookie never reaches the database:
 * koa-session asks the store only when a cookie is present and saves only a populated session.
 */
export function sessionMiddleware(app: Koa, options: SessionOptions): Middleware {
  app.keys = [...options.keys];
  const { store } = options;
  const cookieName = options.httpsOnly ? PRODUCTION_SESSION_COOKIE : SESSION_COOKIE;
  const session = createSession(
    {
      key: cookieName,
      path: COOKIE_PATH,
      maxAge: 'session',
      httpOnly: true,
      sameSite: 'lax',
      // Unset: Secure exactly when the request came over HTTPS (ctx.secure, which believes
      // X-Forwarded-Proto only from trusted proxies); production refuses sign-ins over HTTP.
      secure: options.httpsOnly ? true : undefined,
      genid: newSessionId,
      signed: true,
      rolling: false,
      store: {
        get: async (id: string, _maxAge: unknown, { ctx }: { ctx: Context }) => {
          const data = await store.get(id);
          if (!data) staleCookie.add(ctx);
          return data;
        },
        set: (id: string, data: StoredSessionData, _maxAge: unknown, { ctx }: { ctx: Context }) =>
          store.set(id, data, { ip: ctx.ip || null, userAgent: ctx.get('user-agent').slice(0, USER_AGENT_MAX) || null }),
        destroy: (id: string) => store.destroy(id),
      },
    } as Parameters<typeof createSession>[0],
    app,
  );
  return async (ctx, next) => {
    ctx.state.signInNeedsHttps = options.httpsOnly;
    ctx.state.staffAdmins = options.staffAdmins ?? [];
    if (!usesSession(ctx.path)) return next();
    try {
      await session(ctx, next);
    } finally {
      // A cookie for a session that is over (timed out, logged out elsewhere) is dropped, so the
      // browser stops sending it and we stop looking it up; unless this very request signed in.
      if (staleCookie.has(ctx) && Object.keys(sessionOf(ctx)?.toJSON() ?? {}).length === 0) {
        if (!options.httpsOnly || ctx.secure) {
          ctx.cookies.set(cookieName, '', { path: COOKIE_PATH, expires: new Date(0), httpOnly: true, sameSite: 'lax', secure: options.httpsOnly || ctx.secure, signed: true });
        }
      }
    }
  };
}


function sessionOf(ctx: Context): KoaSession | null {
  return ((ctx as unknown as { session?: KoaSession | null }).session ?? null);
}

export interface CustomerIdentity {
  contactId: string;
}

/** The signed-in customer, or null. */
export function currentCustomer(ctx: Context): CustomerIdentity | null {
  const session = sessionOf(ctx);
  if (session?.kind !== 'customer' || typeof session.contactId !== 'string') return null;
  return { contactId: session.contactId };
}

/** Guard for customer endpoints: the signed-in customer, else 401. */
export function requireCustomer(ctx: Context): CustomerIdentity {
  const customer = currentCustomer(ctx);
  if (!customer) throw errors.unauthorized();
  return customer;
}

/**
 * Signs a customer in: whatever the session held before is cleared and it gets a new id (the
 * old row is destroyed), so an id planted before login is worthless afterwards.
 */
export async function signInCustomer(ctx: Context, contactId: string): Promise<void> {
  const session = sessionOf(ctx);
  if (!session) throw new Error('session middleware is not mounted');
  for (const key of Object.keys(session.toJSON())) delete session[key];
  session.kind = 'customer';
  session.contactId = contactId;
  await session.regenerate();
}

export interface StaffIdentity {
  staffUserId: string;
  email: string;
}

/** A staff sign-in with the cleaner role: the HubSpot owner (marked as a cleaner) it matched. */
export interface CleanerIdentity extends StaffIdentity {
  ownerId: string;
}

/** The role of a staff session, kept in the session (docs/sessions.md); an office session has none. */
const CLEANER_ROLE = 'cleaner';

/** A staff sign-in of either role, as stored. */
function staffSession(ctx: Context): (StaffIdentity & { ownerId: string | null }) | null {
  const session = sessionOf(ctx);
  if (session?.kind !== 'staff' || typeof session.staffUserId !== 'string' || typeof session.email !== 'string') return null;
  const ownerId = session.role === CLEANER_ROLE && typeof session.ownerId === 'string' ? session.ownerId : null;
  // A session that claims the role without its owner is no session of either role.
  if (session.role !== undefined && ownerId === null) return null;
  return { staffUserId: session.staffUserId, email: session.email, ownerId };
}

/**
 * The signed-in office staff member, or null. This is the one place the office is told apart
 * from a cleaner: every office route (the staff router, staff sign-in's own, careers and team
 * management, the queue dashboard) admits a session only through here or requireStaff, so a
 * cleaner's session is refused by all of them.
 */
export function currentStaff(ctx: Context): StaffIdentity | null {
  const staff = staffSession(ctx);
  if (!staff || staff.ownerId !== null) return null;
  return { staffUserId: staff.staffUserId, email: staff.email };
}

/** The signed-in cleaner, or null. */
export function currentCleaner(ctx: Context): CleanerIdentity | null {
  const staff = staffSession(ctx);
  if (!staff || staff.ownerId === null) return null;
  return { staffUserId: staff.staffUserId, email: staff.email, ownerId: staff.ownerId };
}

/** 403 for a session of another kind or role (signed in, but not allowed here), 401 without one. */
function refusal(ctx: Context) {
  return currentCustomer(ctx) || staffSession(ctx) ? errors.forbidden() : errors.unauthorized();
}

/**
 * Guard for staff (office) endpoints: the signed-in office staff member; 401 without a session,
 * 403 for a customer's or a cleaner's session (signed in, but not allowed here).
 */
export function requireStaff(ctx: Context): StaffIdentity {
  const staff = currentStaff(ctx);
  if (staff) return staff;
  throw refusal(ctx);
}

/** Guard for the cleaner's endpoints: 401 without a session, 403 for the office's or a customer's. */
export function requireCleaner(ctx: Context): CleanerIdentity {
  const cleaner = currentCleaner(ctx);
  if (cleaner) return cleaner;
  throw refusal(ctx);
}

/** Whether the request carries a staff sign-in of either role (logging out needs no more). */
export function isStaffSignedIn(ctx: Context): boolean {
  return staffSession(ctx) !== null;
}

/** Whether the signed-in staff member is an admin (their e-mail is on STAFF_ADMIN_EMAILS now). */
export function isStaffAdmin(ctx: Context): boolean {
  const staff = currentStaff(ctx);
  return staff !== null && (ctx.state.staffAdmins ?? []).includes(staff.email.toLowerCase());
}

/** Guard for admin endpoints: 401 without a session, 403 for a customer or a staff member who is not an admin. */
export function requireAdmin(ctx: Context): StaffIdentity {
  const staff = requireStaff(ctx);
  if (!isStaffAdmin(ctx)) throw errors.forbidden();
  return staff;
}

/**
 * Signs a staff member in, like signInCustomer: the session is emptied and gets a new id, and
 * the store applies the staff timeouts (SESSION_POLICIES.staff) because of its kind. A cleaner
 * (`cleanerOwnerId`: the owner their e-mail matched) gets the cleaner role; the store checks on
 * every request that the owner is still an active cleaner (session-store.ts).
 */
export async function signInStaff(ctx: Context, staff: StaffIdentity & { cleanerOwnerId?: string | null }): Promise<void> {
  const session = sessionOf(ctx);
  if (!session) throw new Error('session middleware is not mounted');
  for (const key of Object.keys(session.toJSON())) delete session[key];
  session.kind = 'staff';
  session.staffUserId = staff.staffUserId;
  session.email = staff.email;
  if (staff.cleanerOwnerId) {
    session.role = CLEANER_ROLE;
    session.ownerId = staff.cleanerOwnerId;
  }
  await session.regenerate();
}

/**
 * Before anything is used up (a login code, a sign-in attempt): in production a session can
 * only be handed over HTTPS, so a plain-HTTP sign-in gets a clear 400 instead of burning the
 * code and failing to set the cookie.
 */
export function assertSecureSignIn(ctx: Context): void {
  if (ctx.state.signInNeedsHttps && !ctx.secure) throw new AppError(400, 'https_required', SIGN_IN_NEEDS_HTTPS);
}

/** Destroys the session row and clears the cookie. */
export function signOut(ctx: Context): void {
  (ctx as unknown as { session: null }).session = null;
}
