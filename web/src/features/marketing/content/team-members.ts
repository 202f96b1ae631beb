/**
 * The Team page (docs/product.md §2): owner/founder, lead cleaning technician, a move in/out partner, and
 * placeholder roles for positions still being filled, shown only once enabled. The same people
 * as the database seed (prisma/seed.ts TEAM_MEMBERS): the page is pre-rendered with this list,
 * then shows the staff-managed one from GET /api/team (features/marketing/api/get-team.ts).
 */
export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  kind: 'owner' | 'lead_technician' | 'partner' | 'placeholder';
  enabled: boolean;
}

export const TEAM_MEMBERS: readonly TeamMember[] = [
  {
    name: 'Danielle Brooks',
    role: 'Owner & Founder',
    bio: 'Danielle started the company to bring hotel-standard cleaning to Atlanta homes, and still walks every new home herself.',
    kind: 'owner',
    enabled: true,
  },
  {
    name: 'Marcus Reed',
    role: 'Lead Cleaning Technician',
    bio: 'Marcus trains every new technician and keeps our deep clean checklist sharp.',
    kind: 'lead_technician',
    enabled: true,
  },
  {
    name: 'Keisha Thompson',
    role: 'Move In/Out Partner',
    bio: 'Keisha coordinates move in/out cleans with landlords, property managers and realtors.',
    kind: 'partner',
    enabled: true,
  },
  {
    name: 'Coming soon',
    role: 'Cleaning Technician',
    bio: 'We are hiring: this could be you.',
    kind: 'placeholder',
    enabled: false,
  },
  {
    name: 'Coming soon',
    role: 'Customer Care Specialist',
    bio: 'We are hiring: this could be you.',
    kind: 'placeholder',
    enabled: false,
  },
];

/** The members the page shows: disabled entries (the placeholder roles for now) stay hidden. */
export function visibleTeamMembers(members: readonly TeamMember[] = TEAM_MEMBERS): TeamMember[] {
  return members.filter((member) => member.enabled);
}
