import type { Db } from '@app/db/client';

const SESSIONS_LIMIT = 500;

export interface CustomerSessionRow {
  publicId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  contact: { id: string; email: string; firstName: string | null; lastName: string | null; phone: string | null } | null;
}

/** Live (not revoked, not expired) customer sessions, most recently used first. */
export async function findLiveCustomerSessions(db: Db, now: Date): Promise<CustomerSessionRow[]> {
  return db.session.findMany({
    where: { kind: 'customer', revokedAt: null, expiresAt: { gt: now }, absoluteExpiresAt: { gt: now } },
    select: {
      publicId: true,
      createdAt: true,
      lastSeenAt: true,
      expiresAt: true,
      absoluteExpiresAt: true,
      ip: true,
      userAgent: true,
      contact: { select: { id: true, email: true, firstName: true, lastName: true, phone: true } },
    },
    orderBy: { lastSeenAt: 'desc' },
    take: SESSIONS_LIMIT,
  });
}

/** Revokes a live customer session by its public id; false when there is none. */
export async function revokeCustomerSession(db: Db, publicId: string, now: Date): Promise<boolean> {
  const { count } = await db.session.updateMany({
    where: { publicId, kind: 'customer', revokedAt: null },
    data: { revokedAt: now },
  });
  return count > 0;
}

export interface StaffSessionRow {
  publicId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  staffUser: { id: string; email: string; displayName: string | null } | null;
}

/** Live staff sessions, most recently used first. */
export async function findLiveStaffSessions(db: Db, now: Date): Promise<StaffSessionRow[]> {
  return db.session.findMany({
    where: { kind: 'staff', revokedAt: null, expiresAt: { gt: now }, absoluteExpiresAt: { gt: now } },
    select: {
      publicId: true,
      createdAt: true,
      lastSeenAt: true,
      expiresAt: true,
      absoluteExpiresAt: true,
      ip: true,
      userAgent: true,
      staffUser: { select: { id: true, email: true, displayName: true } },
    },
    orderBy: { lastSeenAt: 'desc' },
    take: SESSIONS_LIMIT,
  });
}

/** Revokes a live staff session by its public id; false when there is none. */
export async function revokeStaffSession(db: Db, publicId: string, now: Date): Promise<boolean> {
  const { count } = await db.session.updateMany({ where: { publicId, kind: 'staff', revokedAt: null }, data: { revokedAt: now } });
  return count > 0;
}

/** Disables (or enables again) a staff member; disabling ends their sessions. False when there is no such staff member. */
export async function setStaffDisabled(db: Db, staffUserId: string, disabled: boolean, now: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.staffUser.updateMany({ where: { id: staffUserId }, data: { disabledAt: disabled ? now : null } });
    if (count > 0 && disabled) await tx.session.deleteMany({ where: { kind: 'staff', staffUserId } });
    return count > 0;
  });
}
