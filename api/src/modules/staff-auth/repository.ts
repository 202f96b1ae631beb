import type { Db } from '@app/db/client';
import type { AdmittedStaff } from './admission';

export interface LoginAttempt {
  id: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** Stores a sign-in in progress; attempts that ran out are cleared on the way (index on expires_at). */
export async function insertLoginAttempt(db: Db, attempt: LoginAttempt & { createdAt: Date; expiresAt: Date }): Promise<void> {
  await db.staffLoginAttempt.deleteMany({ where: { expiresAt: { lte: attempt.createdAt } } });
  await db.staffLoginAttempt.create({ data: attempt });
}

/** Takes the attempt out (single use: a replayed callback finds nothing); null when unknown or expired. */
export async function takeLoginAttempt(db: Db, id: string, now: Date): Promise<LoginAttempt | null> {
  const [row] = await db.$queryRaw<(LoginAttempt & { live: boolean })[]>`
    DELETE FROM staff_login_attempt WHERE id = ${id}
    RETURNING id, state, nonce, code_verifier AS "codeVerifier", redirect_uri AS "redirectUri", expires_at > ${now} AS live`;
  if (!row?.live) return null;
  return { id: row.id, state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier, redirectUri: row.redirectUri };
}

/** The staff user of this provider account (issuer + subject), created or refreshed from the ID token. */
export async function upsertStaffUser(db: Db, staff: AdmittedStaff, at: Date): Promise<{ id: string; email: string; disabledAt: Date | null }> {
  const data = { email: staff.email, name: staff.name, displayName: staff.displayName, lastLoginAt: at };
  return db.staffUser.upsert({
    where: { issuer_subject: { issuer: staff.issuer, subject: staff.subject } },
    create: { issuer: staff.issuer, subject: staff.subject, ...data },
    update: data,
    select: { id: true, email: true, disabledAt: true },
  });
}

export interface StaffUserRow {
  email: string;
  name: string | null;
  displayName: string | null;
}

export async function findStaffUser(db: Db, id: string): Promise<StaffUserRow | null> {
  return db.staffUser.findUnique({ where: { id }, select: { email: true, name: true, displayName: true } });
}

/**
 * The active owner marked as a cleaner on the Cleaner Roster whose e-mail is this one (case
 * apart), or null: the staff sign-in with it gets the cleaner role. Should two owners share an
 * address, the same one is taken every time.
 */
export async function findCleanerOwnerByEmail(db: Db, email: string): Promise<{ id: string } | null> {
  const [row] = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM owner WHERE is_cleaner AND active AND lower(email) = lower(${email}) ORDER BY id LIMIT 1`;
  return row ?? null;
}
