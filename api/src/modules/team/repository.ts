import { randomBytes } from 'node:crypto';
import type { Db } from '@app/db/client';
import type { TeamMemberCreateInput, TeamMemberUpdateInput } from '@app/shared/staff-admin';
import type { TeamMemberKind } from '@app/shared/team-member';

export interface TeamMemberRow {
  id: string;
  name: string;
  role: string;
  bio: string;
  kind: TeamMemberKind;
  enabled: boolean;
  sortOrder: number;
  updatedAt: Date;
}
const select = { id: true, name: true, role: true, bio: true, kind: true, enabled: true, sortOrder: true, updatedAt: true } as const;
const order = [{ sortOrder: 'asc' as const }, { name: 'asc' as const }];

/** The members the public Team page shows: enabled ones, in the order staff set. */
export async function findEnabledTeamMembers(db: Db): Promise<TeamMemberRow[]> {
  return db.teamMember.findMany({ where: { enabled: true }, select, orderBy: order });
}

/** Every member, hidden ones too, for the staff page. */
export async function findAllTeamMembers(db: Db): Promise<TeamMemberRow[]> {
  return db.teamMember.findMany({ select, orderBy: order });
}

/** A new member; the slug (the seed's key) comes from the name plus a random suffix, so names may repeat. */
export async function insertTeamMember(db: Db, input: TeamMemberCreateInput): Promise<TeamMemberRow> {
  const base = input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'member';
  return db.teamMember.create({ data: { ...input, slug: `${base}-${randomBytes(3).toString('hex')}` }, select });
}

/** Changes the given fields; null when there is no such member. */
export async function updateTeamMember(db: Db, id: string, input: TeamMemberUpdateInput): Promise<TeamMemberRow | null> {
  const { count } = await db.teamMember.updateMany({ where: { id }, data: input });
  return count === 0 ? null : db.teamMember.findUnique({ where: { id }, select });
}
