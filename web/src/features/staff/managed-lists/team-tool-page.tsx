import { teamMemberCreateSchema } from '@app/shared/staff-admin';
import { TEAM_MEMBER_KINDS, type TeamMemberKind } from '@app/shared/team-member';
import type { z } from 'zod';
import { useManagedTeam, useSaveTeamMember, type ManagedTeamMember, type TeamMemberChange } from './manage-team';
import { ManagedList } from './managed-list';
import type { ManagedListConfig } from './managed-list-config';
import { ToolPage } from '../frame/tool-page';

const KIND_LABELS: Record<TeamMemberKind, string> = {
  owner: 'Owner',
  lead_technician: 'Lead technician',
  partner: 'Partner',
  placeholder: 'Placeholder (position being filled)',
};

const TEAM: ManagedListConfig<ManagedTeamMember, z.input<typeof teamMemberCreateSchema>, z.output<typeof teamMemberCreateSchema>, TeamMemberChange> = {
  texts: {
    id: 'team',
    listHeading: 'Team members',
    loading: 'Loading the team…',
    loadError: 'The team could not be loaded just now. Please try again in a moment.',
    newHeading: 'New team member',
    editHeading: (member) => `Edit “${member.name}”`,
  },
  useItems: useManagedTeam,
  useSave: useSaveTeamMember,
  nameOf: (member) => member.name,
  table: {
    caption: 'Team members in the order the Team page shows them',
    empty: 'No team members yet. Add the first one below.',
    nameHeader: 'Name',
    rowAttribute: 'data-team-member',
    rowLabel: (member) => `${member.name}, ${member.role}`,
    columns: [
      { header: 'Role', cell: (member) => member.role },
      { header: 'On the Team page', cell: (member) => (member.enabled ? 'Shown' : 'Hidden'), attribute: 'data-enabled' },
    ],
    // Hide (or Show) changes only that.
    toggle: {
      label: (member) => (member.enabled ? 'Hide' : 'Show'),
      change: (member) => ({ id: member.id, fields: { enabled: !member.enabled } }),
      done: (saved, member) => (member.enabled ? `Hid “${saved.name}” (${saved.role}).` : `“${saved.name}” (${saved.role}) shows on the Team page.`),
    },
  },
  form: {
    schema: teamMemberCreateSchema,
    newValues: { name: '', role: '', bio: '', kind: 'placeholder', sortOrder: 0 },
    valuesOf: (member) => ({ name: member.name, role: member.role, bio: member.bio, kind: member.kind, sortOrder: member.sortOrder }),
    fields: [
      { name: 'name', label: 'Name', control: 'text' },
      { name: 'role', label: 'Role', control: 'text', hint: 'For example Lead Cleaning Technician.' },
      { name: 'kind', label: 'Kind', control: 'select', options: TEAM_MEMBER_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })) },
      {
        name: 'sortOrder',
        label: 'Order on the page',
        control: 'number',
        hint: 'Lower numbers come first.',
        errorText: 'Please enter a whole number between -1000 and 1000.',
      },
      { name: 'bio', label: 'Bio', control: 'textarea', rows: 4 },
    ],
    // A new member is shown at once; editing leaves shown/hidden as it is (the list's Hide/Show).
    change: ({ enabled: _enabled, ...fields }, editing) => (editing ? { id: editing.id, fields } : { id: null, fields }),
    addLabel: 'Add team member',
    newLabel: 'New team member',
    done: (saved, editing) => (editing ? `Saved “${saved.name}”.` : `Added “${saved.name}”. They show on the Team page.`),
  },
};

/** /admin/team: add, edit, hide and show the people the public Team page shows. */
export function TeamToolPage() {
  return (
    <ToolPage title="Team Management" lead="The people on the public Team page: add someone, edit them, or hide them (and show them again).">
      {/* Inside ToolPage: the list is fetched only once the staff guard has let the page through. */}
      <ManagedList config={TEAM} />
    </ToolPage>
  );
}
