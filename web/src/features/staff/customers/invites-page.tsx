import { useState } from 'react';
import type { CustomerSummary } from './search-customers';
import { CustomerSearch } from './customer-search';
import { InviteNewPersonForm } from './invite-new-person-form';
import { InviteToPortal } from './invite-to-portal';
import { ToolPage } from '../frame/tool-page';

function ExistingCustomer() {
  const [selected, setSelected] = useState<CustomerSummary | null>(null);
  return (
    <>
      <CustomerSearch selectedId={selected?.id ?? null} onSelect={setSelected} />
      {selected ? (
        <div className="card tool-section">
          <p>
            <strong>{selected.name || selected.email}</strong> · {selected.email}
            {selected.phone ? ` · ${selected.phone}` : ''}
          </p>
          <InviteToPortal key={selected.id} contactId={selected.id} label={`Invite ${selected.name || selected.email} to the portal`} />
        </div>
      ) : null}
    </>
  );
}

/** /admin/dashboard/invites: let a customer (or a new person) into the portal, with a texted invitation. */
export function InvitesPage() {
  return (
    <ToolPage
      title="Pre-Invites"
      lead="Invite a customer to the portal: they can then sign in with their e-mail, phone and a texted code. The invitation goes out by text message."
    >
      <section className="tool-section" aria-labelledby="invite-existing-heading">
        <h2 id="invite-existing-heading">An existing customer</h2>
        <ExistingCustomer />
      </section>
      <section className="tool-section" aria-labelledby="invite-new-heading">
        <h2 id="invite-new-heading">A new person</h2>
        <InviteNewPersonForm />
      </section>
    </ToolPage>
  );
}
