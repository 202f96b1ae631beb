import { useEffect, useRef, useState } from 'react';
import { useManagedTeam, type ManagedTeamMember } from '../api/manage-team';
import { TeamAdminList } from '../components/team-admin-list';
import { TeamMemberForm } from '../components/team-member-form';
import { ToolPage } from '../components/tool-page';

function Team() {
  const team = useManagedTeam();
  const [editing, setEditing] = useState<ManagedTeamMember | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A new form (fresh values) after each save: the key changes with what is edited and each save.
  const [formKey, setFormKey] = useState(0);
  const formHeading = useRef<HTMLHeadingElement>(null);
  // Edit is pressed in the list above: take keyboard and screen-reader users to the form.
  useEffect(() => {
    if (editing) formHeading.current?.focus();
  }, [editing]);

  const done = (text: string) => {
    setMessage(text);
    setEditing(null);
    setFormKey((k) => k + 1);
  };

  return (
    <>
      <div aria-live="polite">
        {message ? (
          <p className="status-note" role="status">
            {message}
          </p>
        ) : null}
      </div>
      <section className="tool-section" aria-labelledby="team-list-heading">
        <h2 id="team-list-heading">Team members</h2>
        {team.isPending ? (
          <p className="page-loading">Loading the team…</p>
        ) : team.isError ? (
          <p className="alert">The team could not be loaded just now. Please try again in a moment.</p>
        ) : (
          <TeamAdminList
            members={team.data}
            onEdit={(member) => {
              setMessage(null);
              setEditing(member);
            }}
            onChanged={setMessage}
          />
        )}
      </section>
      <section className="tool-section" aria-labelledby="team-form-heading">
        <h2 id="team-form-heading" ref={formHeading} tabIndex={-1}>
          {editing ? `Edit “${editing.name}”` : 'New team member'}
        </h2>
        <TeamMemberForm key={editing ? `edit-${editing.id}-${formKey}` : `new-${formKey}`} editing={editing} onDone={done} onCancel={() => setEditing(null)} />
      </section>
    </>
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
