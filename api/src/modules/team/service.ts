import type { Db } from '@app/db/client';
import type { managedTeamMemberSchema, TeamMemberCreateInput, TeamMemberUpdateInput } from '@app/shared/staff-admin';
import type { z } from 'zod';
import type { PublicTeamMember } from '@app/shared/team-member';
import { errors } from '../../errors';
import { findAllTeamMembers, findEnabledTeamMembers, insertTeamMember, updateTeamMember, type TeamMemberRow } from './repository';

/** Only what the Team page shows, never ids, order or timestamps. */
const toPublic = (row: TeamMemberRow): PublicTeamMember => ({ name: row.name, role: row.role, bio: row.bio, kind: row.kind });

const toManaged = (row: TeamMemberRow): z.input<typeof managedTeamMemberSchema> => ({ ...row, updatedAt: row.updatedAt.toISOString() });

export async function listPublicTeam(db: Db): Promise<PublicTeamMember[]> {
  return (await findEnabledTeamMembers(db)).map(toPublic);
}

export async function listManagedTeam(db: Db) {
  return (await findAllTeamMembers(db)).map(toManaged);
}

export async function createTeamMember(db: Db, input: TeamMemberCreateInput) {
  return toManaged(await insertTeamMember(db, input));
}

/** Edits a member; `enabled: false` hides them from the Team page. */
export async function editTeamMember(db: Db, id: string, input: TeamMemberUpdateInput) {
  const row = await updateTeamMember(db, id, input);
  if (!row) throw errors.notFound('We could not find that team member.');
  return toManaged(row);
}
