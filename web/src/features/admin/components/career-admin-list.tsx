import { FormAlert } from '../../../components/form/form-alert';
import { useSaveCareer, type ManagedCareer } from '../api/manage-careers';
import { failureText } from '../api/staff-errors';

interface CareerAdminListProps {
  careers: ManagedCareer[];
  onEdit: (career: ManagedCareer) => void;
  onChanged: (message: string) => void;
}

/** Every listing with its status; Close (or Reopen) changes only the status, Edit opens the form. */
export function CareerAdminList({ careers, onEdit, onChanged }: CareerAdminListProps) {
  const save = useSaveCareer();
  if (careers.length === 0) return <p>No listings yet. Add the first one below.</p>;

  const setStatus = (career: ManagedCareer, status: 'Open' | 'Closed') =>
    save.mutate(
      { id: career.id, fields: { status } },
      { onSuccess: (saved) => onChanged(status === 'Closed' ? `Closed “${saved.title}”.` : `Reopened “${saved.title}”.`) },
    );

  return (
    <>
      {save.isError ? <FormAlert message={failureText(save.error)} /> : null}
      <div className="table-scroll">
        <table className="admin-table">
          <caption>Listings as the Careers page shows them</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Type</th>
              <th scope="col">Location</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {careers.map((c) => {
              const open = c.status === 'Open';
              return (
                <tr key={c.id} data-career={c.id}>
                  <th scope="row">{c.title}</th>
                  <td data-label="Type">{c.type}</td>
                  <td data-label="Location">{c.location}</td>
                  <td data-label="Status" data-status>{c.status}</td>
                  <td>
                    <div className="row-actions">
                      <button type="button" className="button button--ghost button--small" onClick={() => onEdit(c)}>
                        Edit<span className="visually-hidden"> {c.title}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={save.isPending}
                        onClick={() => setStatus(c, open ? 'Closed' : 'Open')}
                      >
                        {open ? 'Close' : 'Reopen'}
                        <span className="visually-hidden"> {c.title}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
