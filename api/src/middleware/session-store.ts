import { Prisma, type Db } from '@app/db/client';

/**
 * Checked on every read, so an account change takes effect on the very next request: a
 * customer's contact must not be suspended, a staff member must not be disabled (a deleted
 * contact or staff member takes its sessions with it). The role a staff session got at sign-in
 * must still be the one the Cleaner Roster gives its e-mail: a cleaner's owner still active and
 * marked as a cleaner (unmarked or deactivated, the cleaner is signed out at once), and an
 * office session's e-mail no active owner marked as a cleaner since (signed out, to sign in
 * again as the cleaner it now is).
 */
const PERSON_STILL_ALLOWED = Prisma.sql`(
  (session.kind = 'customer' AND EXISTS (SELECT 1 FROM contact c WHERE c.id = session.contact_id AND NOT c.suspended))
  OR (session.kind = 'staff' AND EXISTS (SELECT 1 FROM staff_user u WHERE u.id = session.staff_user_id AND u.disabled_at IS NULL
    AND CASE WHEN session.data->>'role' = 'cleaner'
      THEN EXISTS (SELECT 1 FROM owner o WHERE o.id = session.data->>'ownerId' AND o.active AND o.is_cleaner AND lower(o.email) = lower(u.email))
      ELSE NOT EXISTS (SELECT 1 FROM owner o WHERE o.is_cleaner AND o.active AND lower(o.email) = lower(u.email)) END)))`;

/** Session kinds (the session_kind enum) and their timeouts, enforced here on every read. */
export interface SessionPolicy {
  /** Signed out after this long without a request. */
  idleMs: number;
  /** Signed out this long after sign-in, however active. */
  absoluteMs: number;
}
export type SessionKind = 'customer' | 'staff';
export type SessionPolicies = Readonly<Record<SessionKind, SessionPolicy>>;

/** What koa-session hands the store to save: our fields plus its own bookkeeping (`_session`). */
export type StoredSessionData = Record<string, unknown> & { kind?: unknown; contactId?: unknown; staffUserId?: unknown };

export interface SessionRequestInfo {
  ip: string | null;
  userAgent: string | null;
}

const isKind = (value: unknown): value is SessionKind => value === 'customer' || value === 'staff';
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The koa-session external store on the `session` table (the cookie carries only the id).
 * The clock is injected so tests can move time; every timestamp is written from it.
 */
export function createPostgresSessionStore(options: { db: Db; now: () => Date; policies: SessionPolicies }) {
  const { db, now, policies } = options;
  return {
    /**
     * Reads a live session and slides its idle expiry in the same statement (capped by the
     * absolute expiry); null when it is unknown, revoked, idle too long or past its hard limit.
     */
    async get(id: string): Promise<StoredSessionData | null> {
      const at = now();
      const rows = await db.$queryRaw<{ data: StoredSessionData }[]>`
        UPDATE session
        SET last_seen_at = ${at},
            expires_at = LEAST(
              ${at}::timestamptz + (CASE kind WHEN 'customer' THEN ${policies.customer.idleMs}::int ELSE ${policies.staff.idleMs}::int END) * interval '1 millisecond',
              absolute_expires_at)
        WHERE id = ${id} AND revoked_at IS NULL AND expires_at > ${at} AND absolute_expires_at > ${at} AND ${PERSON_STILL_ALLOWED}
        RETURNING data`;
      if (rows[0]) return rows[0].data;
      // An expired or revoked row, or one of a suspended customer or a disabled staff member, is
      // of no further use: drop it (the session managers list live ones).
      await db.$executeRaw`
        DELETE FROM session
        WHERE id = ${id} AND (revoked_at IS NOT NULL OR expires_at <= ${at} OR absolute_expires_at <= ${at} OR NOT ${PERSON_STILL_ALLOWED})`;
      return null;
    },

    /**
     * Saves a signed-in session. Only sessions that name their kind are stored: an anonymous
     * visitor never gets a row. A new row starts both clocks; saving an existing one keeps its
     * absolute expiry.
     */
    async set(id: string, data: StoredSessionData, request: SessionRequestInfo): Promise<void> {
      if (!isKind(data.kind)) throw new Error('only sessions with a kind (customer or staff) are stored');
      const policy = policies[data.kind];
      const at = now();
      const idleUntil = new Date(at.getTime() + policy.idleMs);
      const absoluteUntil = new Date(at.getTime() + policy.absoluteMs);
      await db.$executeRaw`
        INSERT INTO session (id, kind, contact_id, staff_user_id, data, user_agent, ip, created_at, last_seen_at, expires_at, absolute_expires_at)
        VALUES (${id}, ${data.kind}::session_kind, ${textOrNull(data.contactId)}, ${textOrNull(data.staffUserId)}, ${JSON.stringify(data)}::jsonb,
                ${request.userAgent}, ${request.ip}, ${at}, ${at}, ${idleUntil}, ${absoluteUntil})
        ON CONFLICT (id) DO UPDATE
        SET data = EXCLUDED.data, contact_id = EXCLUDED.contact_id, staff_user_id = EXCLUDED.staff_user_id,
            last_seen_at = EXCLUDED.last_seen_at, expires_at = LEAST(EXCLUDED.expires_at, session.absolute_expires_at)
        WHERE session.revoked_at IS NULL`;
    },

    /** Logout and id regeneration: the row is gone, so the old cookie is worthless. */
    async destroy(id: string): Promise<void> {
      await db.session.deleteMany({ where: { id } });
    },
  };
}

export type PostgresSessionStore = ReturnType<typeof createPostgresSessionStore>;
