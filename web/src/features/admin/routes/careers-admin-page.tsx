import { useEffect, useRef, useState } from 'react';
import { useManagedCareers, type ManagedCareer } from '../api/manage-careers';
import { CareerAdminList } from '../components/career-admin-list';
import { CareerForm } from '../components/career-form';
import { ToolPage } from '../components/tool-page';

function Careers() {
  const careers = useManagedCareers();
  const [editing, setEditing] = useState<ManagedCareer | null>(null);
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
      <section className="tool-section" aria-labelledby="careers-list-heading">
        <h2 id="careers-list-heading">Listings</h2>
        {careers.isPending ? (
          <p className="page-loading">Loading the listings…</p>
        ) : careers.isError ? (
          <p className="alert">The listings could not be loaded just now. Please try again in a moment.</p>
        ) : (
          <CareerAdminList
            careers={careers.data}
            onEdit={(career) => {
              setMessage(null);
              setEditing(career);
            }}
            onChanged={setMessage}
          />
        )}
      </section>
      <section className="tool-section" aria-labelledby="careers-form-heading">
        <h2 id="careers-form-heading" ref={formHeading} tabIndex={-1}>{editing ? `Edit “${editing.title}”` : 'New listing'}</h2>
        <CareerForm key={editing ? `edit-${editing.id}-${formKey}` : `new-${formKey}`} editing={editing} onDone={done} onCancel={() => setEditing(null)} />
      </section>
    </>
  );
}

/** /admin/careers: create, edit and close the listings the public Careers page shows. */
export function CareersAdminPage() {
  return (
    <ToolPage title="Careers Management" lead="The open positions on the public Careers page: add a listing, edit it, or close it when it is filled.">
      <Careers />
    </ToolPage>
  );
}
