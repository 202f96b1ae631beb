import { randomUUID } from 'node:crypto';
import {
  HOME_SECRETS_MAX,
  HOME_SECRET_NOT_FOUND,
  viewerName,
  type HomeProfileAnswer,
  type HomeProfileFields,
  type HomeSecretFields,
  type HomeSecretSummary,
  type RevealAnswer,
} from '@app/shared/home-profile';
import { errors } from '../../errors';
import type { ModuleDeps } from '../registry';
import {
  contactExists,
  deleteSecret,
  findHomeProfile,
  findSealedSecret,
  insertSecret,
  recordView,
  replaceSecret,
  saveHomeProfile,
  type SecretSummaryRow,
} from './repository';
import { open, seal } from './sealing';

/**
 * The home profile's rules (docs/home-profile.md). A secret's plain value exists only in this
 * process's memory: between the request body and seal() on the way in, and between open() and
 * the one answer that shows it (an admin's reveal, the cleaner's on the day) on the way out.
 * It is in no answer but those, no log line, no outbox event and no job.
 */

type Deps = Pick<ModuleDeps, 'db' | 'now' | 'homeSecrets'>;

/** Secret ids are uuids: anything else is no secret of anyone's (and never reaches Postgres's uuid cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isSecretId = (id: string): boolean => UUID.test(id);

const TOO_MANY_SECRETS = `A home can have at most ${HOME_SECRETS_MAX} codes. Remove one before adding another.`;

function summary(row: SecretSummaryRow): HomeSecretSummary {
  return { id: row.id, kind: row.kind, label: row.label, set: true, updatedAt: row.updatedAt.toISOString() };
}

/** The profile, its secrets (label and "set", never the value) and every recorded view. */
export async function homeProfile(deps: Pick<Deps, 'db'>, contactId: string): Promise<HomeProfileAnswer> {
  const { profile, secrets, views } = await findHomeProfile(deps.db, contactId);
  return {
    profile: {
      accessInstructions: profile?.accessInstructions ?? null,
      parking: profile?.parking ?? null,
      pets: profile?.pets ?? null,
      careNotes: profile?.careNotes ?? null,
      updatedAt: profile?.updatedAt.toISOString() ?? null,
    },
    secrets: secrets.map(summary),
    views: views.map((v) => ({
      id: v.id,
      secretLabel: v.secretLabel,
      who: viewerName(v.viewerRole, v.viewerName),
      role: v.viewerRole,
      reason: v.viewerRole === 'admin' ? v.reason : null,
      at: v.at.toISOString(),
    })),
  };
}

export async function updateHomeProfile(deps: Pick<Deps, 'db'>, contactId: string, fields: HomeProfileFields): Promise<HomeProfileAnswer> {
  await saveHomeProfile(deps.db, contactId, fields);
  return homeProfile(deps, contactId);
}

/** Adds a secret, sealed under the current key and bound to this customer and its new row. */
export async function addSecret(deps: Deps, contactId: string, input: HomeSecretFields): Promise<HomeSecretSummary> {
  const id = randomUUID();
  const sealed = seal(deps.homeSecrets, input.value, { contactId, secretId: id });
  const row = await insertSecret(deps.db, { id, contactId, kind: input.kind, label: input.label, sealed }, HOME_SECRETS_MAX);
  if (!row) throw errors.conflict(TOO_MANY_SECRETS);
  return summary(row);
}

/** Replaces a secret's value (and label, kind): sealed afresh under the current key. Another customer's id: 404. */
export async function replaceSecretValue(deps: Deps, contactId: string, secretId: string, input: HomeSecretFields): Promise<void> {
  if (!isSecretId(secretId)) throw errors.notFound(HOME_SECRET_NOT_FOUND);
  const sealed = seal(deps.homeSecrets, input.value, { contactId, secretId });
  if (!(await replaceSecret(deps.db, contactId, secretId, { kind: input.kind, label: input.label, sealed }))) throw errors.notFound(HOME_SECRET_NOT_FOUND);
}

export async function removeSecret(deps: Pick<Deps, 'db'>, contactId: string, secretId: string): Promise<void> {
  if (!isSecretId(secretId) || !(await deleteSecret(deps.db, contactId, secretId))) throw errors.notFound(HOME_SECRET_NOT_FOUND);
}

/** The staff page's view of a customer's home: as the customer's, plus whether this staff member may reveal. */
export async function staffHomeProfile(deps: Pick<Deps, 'db'>, contactId: string, admin: boolean) {
  if (!(await contactExists(deps.db, contactId))) throw errors.notFound('We could not find that customer.');
  return { ...(await homeProfile(deps, contactId)), canReveal: admin };
}

/**
 * An admin reveals a secret with a reason: the view is recorded (who, when, why) before the
 * value is returned, so no value is ever shown unrecorded. The caller has checked the admin role.
 */
export async function revealForAdmin(deps: Deps, input: { contactId: string; secretId: string; adminEmail: string; reason: string }): Promise<RevealAnswer> {
  if (!isSecretId(input.secretId)) throw errors.notFound(HOME_SECRET_NOT_FOUND);
  const secret = await findSealedSecret(deps.db, input.contactId, input.secretId);
  if (!secret) throw errors.notFound(HOME_SECRET_NOT_FOUND);
  const value = open(deps.homeSecrets, secret, { contactId: secret.contactId, secretId: secret.id });
  await recordView(deps.db, {
    secretId: secret.id,
    contactId: secret.contactId,
    secretLabel: secret.label,
    viewerEmail: input.adminEmail.toLowerCase(),
    viewerRole: 'admin',
    viewerName: null,
    reason: input.reason,
    dealId: null,
    at: deps.now(),
  });
  return { value, label: secret.label, kind: secret.kind };
}
