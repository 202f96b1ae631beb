import { useManagedTeam, type ManagedTeamMember } from '../api/manage-team';
import { ManagedListEditor, type ManagedListTexts } from '../components/managed-list-editor';
import { TeamAdminList } from '../components/team-admin-list';
import { TeamMemberForm } from '../components/team-member-form';
import { ToolPage } from '../components/tool-page';

const TEXTS: ManagedListTexts<ManagedTeamMember> = {
  id: 'team',
  listHeading: 'Team members',
  loading: 'Loading the team…',
  loadError: 'The team could not be loaded just now. Please try again in a moment.',
  newHeading: 'New team member',
  editHeading: (member) => `Edit “${member.name}”`,
};

// Inside ToolPage: the list is fetched only once the staff guard has let the page through.
function Team() {
  const team = useManagedTeam();
  return (
    <ManagedListEditor
      query={team}
      texts={TEXTS}
      list={(items, actions) => <TeamAdminList members={items} {...actions} />}
      form={({ key, ...props }) => <TeamMemberForm key={key} {...props} />}
    />
  );
}

/** /admin/team: add, edit, hide and show the people the public Team page shows. */
export function TeamAdminPage() {
  return (
    <ToolPage title="Team Management" lead="The people on the public Team page: add someone, edit them, or hide them (and show them again).">
      <Team />
    </ToolPage>
  );
}
