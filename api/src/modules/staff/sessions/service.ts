import { joinName } from '@app/shared/customer-context';
import type { customerSessionSchema } from '@app/shared/staff-admin';
import type { z } from 'zod';
import { errors } from '../../../errors';
import type { ModuleDeps } from '../../registry';
import {
  findLiveCustomerSessions,
  findLiveStaffSessions,
  revokeCustomerSession,
  revokeStaffSession,
  setStaffDisabled,
} from './repository';

type Deps = Pick<ModuleDeps, 'db' | 'now'>;

/** GET /api/internal/admin/sessions: who is signed in to the portal right now. */
export async function customerSessions(deps: Deps): Promise<z.input<typeof customerSessionSchema>[]> {
  const rows = await findLiveCustomerSessions(deps.db, deps.now());
  return rows.map((s) => ({
    id: s.publicId,
    customer: s.contact ? { id: s.contact.id, name: joinName(s.contact.firstName, s.contact.lastName), email: s.contact.email, phone: s.contact.phone } : null,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    // Whichever comes first: the idle timeout or the absolute limit.
    expiresAt: (s.expiresAt < s.absoluteExpiresAt ? s.expiresAt : s.absoluteExpiresAt).toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** DELETE /api/internal/admin/sessions/:id: the customer's next request is signed out (401). */
export async function revokeSession(deps: Deps, publicId: string): Promise<void> {
  if (!UUID.test(publicId) || !(await revokeCustomerSession(deps.db, publicId.toLowerCase(), deps.now()))) {
    throw errors.notFound('No such session (it may have ended already).');
  }
}

/** GET /api/internal/admin/staff-sessions (admins): which staff are signed in right now. */
export async function staffSessions(deps: Deps) {
  const rows = await findLiveStaffSessions(deps.db, deps.now());
  return rows.map((s) => ({
    id: s.publicId,
    staff: s.staffUser ? { id: s.staffUser.id, email: s.staffUser.email, name: s.staffUser.displayName } : null,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: (s.expiresAt < s.absoluteExpiresAt ? s.expiresAt : s.absoluteExpiresAt).toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
  }));
}

/** DELETE /api/internal/admin/staff-sessions/:id (admins): that staff member's next request is signed out. */
export async function revokeStaffSessionById(deps: Deps, publicId: string): Promise<void> {
  if (!UUID.test(publicId) || !(await revokeStaffSession(deps.db, publicId.toLowerCase(), deps.now()))) {
    throw errors.notFound('No such session (it may have ended already).');
  }
}

/** POST /api/internal/admin/staff-users/:id/access (admins): disabling ends every session of theirs and refuses their sign-ins. */
export async function setStaffAccess(deps: Deps, staffUserId: string, disabled: boolean): Promise<void> {
  if (!(await setStaffDisabled(deps.db, staffUserId, disabled, deps.now()))) throw errors.notFound('We could not find that staff member.');
}
