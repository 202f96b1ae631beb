import { z } from 'zod';

/** Team page (docs/product.md §2): owner/founder, lead technician, partner, and placeholder roles. */
export const TEAM_MEMBER_KINDS = ['owner', 'lead_technician', 'partner', 'placeholder'] as const;
export type TeamMemberKind = (typeof TEAM_MEMBER_KINDS)[number];

/**
 * GET /api/team: what the public Team page shows of each enabled member. Its own file, apart from
 * the staff schemas, so the public page's chunk carries no staff code.
 */
export const publicTeamMemberSchema = z.object({
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  kind: z.enum(TEAM_MEMBER_KINDS),
});
export type PublicTeamMember = z.output<typeof publicTeamMemberSchema>;
export const publicTeamSchema = z.array(publicTeamMemberSchema);
