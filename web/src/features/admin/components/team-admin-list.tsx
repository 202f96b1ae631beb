import { FormAlert } from '../../../components/form/form-alert';
import { useSaveTeamMember, type ManagedTeamMember } from '../api/manage-team';
import { failureText } from '../api/staff-errors';

interface TeamAdminListProps {
  members: ManagedTeamMember[];
  onEdit: (member: ManagedTeamMember) => void;
  onChanged: (message: string) => void;
}

/** Every member, shown or hidden; Hide (or Show) changes only that, Edit opens the form. */
export function TeamAdminList({ members, onEdit, onChanged }: TeamAdminListProps) {
  const save = useSaveTeamMember();
  if (members.length === 0) return <p>No team members yet. Add the first one below.</p>;

  const setEnabled = (member: ManagedTeamMember, enabled: boolean) =>
    save.mutate(
      { id: member.id, fields: { enabled } },
      { onSuccess: (saved) => onChanged(enabled ? `“${saved.name}” (${saved.role}) shows on the Team page.` : `Hid “${saved.name}” (${saved.role}).`) },
    );

  return (
    <>
      {save.isError ? <FormAlert message={failureText(save.error)} /> : null}
      <div className="table-scroll">
        <table className="admin-table">
          <caption>Team members in the order the Team page shows them</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">On the Team page</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id} data-team-member={m.id}>
                <th scope="row">{m.name}</th>
                <td data-label="Role">{m.role}</td>
                <td data-label="On the Team page" data-enabled>{m.enabled ? 'Shown' : 'Hidden'}</td>
                <td>
                  <div className="row-actions">
                    <button type="button" className="button button--ghost button--small" onClick={() => onEdit(m)}>
                      Edit<span className="visually-hidden"> {m.name}, {m.role}</span>
                    </button>
                    <button type="button" className="button button--ghost button--small" disabled={save.isPending} onClick={() => setEnabled(m, !m.enabled)}>
                      {m.enabled ? 'Hide' : 'Show'}
                      <span className="visually-hidden"> {m.name}, {m.role}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
