import { EMPTY_CUSTOMER_CONTEXT } from '@app/shared/customer-context';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { contactDetailsQuery, useContactDetails } from './get-contact-details';
import type { CustomerSummary } from './search-customers';
import { CustomerContextView } from './customer-context-view';
import { CustomerPageSummary } from './customer-summary';
import { BookCleaningForm } from './book-cleaning-form';
import { CustomerSearch } from './customer-search';
import { InviteToPortal } from './invite-to-portal';
import { PortalAccess } from './portal-access';
import { HomeProfileCard } from './home-profile-card';
import { SentNoticesCard } from './sent-notices-card';
import { ToolPage } from '../frame/tool-page';
import { ConversationThread } from '../conversations/conversation-thread';
import { formatUsPhone } from '@app/shared/phone';

/** The chosen customer: from the search, or by id from a link elsewhere in the staff area (?customer=). */
type ChosenCustomer = Pick<CustomerSummary, 'id'> & Partial<Pick<CustomerSummary, 'name' | 'email'>>;

function SelectedCustomer({ customer }: { customer: ChosenCustomer }) {
  const details = useContactDetails(customer.id);
  const [booking, setBooking] = useState(false);
  if (details.isPending) return <p className="page-loading">Loading {customer.name || customer.email || 'the customer'}…</p>;
  // A failed load was logged by the query and answered with the empty context (docs/product.md §7/§8).
  const context = details.data ?? EMPTY_CUSTOMER_CONTEXT;
  return (
    <CustomerContextView
      customerId={customer.id}
      context={{ ...context, name: context.name || (customer.name ?? ''), email: context.email ?? customer.email ?? null }}
      texts={context.phone ? <ConversationThread phone={context.phone} /> : <p className="muted">No phone on file: no texts.</p>}
      summary={
        <>
          <CustomerPageSummary context={context} now={new Date()} booking={booking} onBook={() => setBooking((open) => !open)} />
          {booking ? <BookCleaningForm contactId={customer.id} onClose={() => setBooking(false)} /> : null}
        </>
      }
    >
      <InviteToPortal key={customer.id} contactId={customer.id} />
      <PortalAccess key={`access-${customer.id}`} contactId={customer.id} suspended={context.portalSuspended === true} />
      <HomeProfileCard key={`home-${customer.id}`} contactId={customer.id} />
      <SentNoticesCard key={`notices-${customer.id}`} contactId={customer.id} />
    </CustomerContextView>
  );
}

/**
 * A number that texted us and belongs to no customer (the today board links here, ?phone=): its
 * thread, to answer from. Once a customer has the phone, the board links to them instead.
 */
function UnknownNumber({ phone }: { phone: string }) {
  return (
    <article className="card" aria-labelledby="unknown-number-name">
      <h2 id="unknown-number-name">Unknown number {formatUsPhone(phone)}</h2>
      <p className="muted">No customer has this phone. Search above to find who it is, or ask them in a reply.</p>
      <ConversationThread phone={phone} />
    </article>
  );
}

function Lookup() {
  const [params, setParams] = useSearchParams();
  const linked = params.get('customer');
  const phone = params.get('phone');
  const [picked, setPicked] = useState<CustomerSummary | null>(null);
  const selected: ChosenCustomer | null = picked ?? (linked ? { id: linked } : null);
  const client = useQueryClient();
  const onSelect = (customer: CustomerSummary) => {
    setPicked(customer);
    // The address names the customer shown, so it can be reloaded, bookmarked or shared.
    setParams({ customer: customer.id }, { replace: true });
    // Choosing a customer (again) shows their context as it is now, not as first loaded.
    void client.invalidateQueries({ queryKey: contactDetailsQuery(customer.id).queryKey });
  };
  return (
    <>
      <section className="tool-section" aria-label="Search customers">
        <CustomerSearch selectedId={selected?.id ?? null} onSelect={onSelect} />
      </section>
      {selected ? <SelectedCustomer key={selected.id} customer={selected} /> : phone ? <UnknownNumber key={phone} phone={phone} /> : null}
    </>
  );
}

/** /admin/lookup: find a customer by name, e-mail or phone and see their context (docs/product.md §2, §3). */
export function CustomerLookupPage() {
  return (
    <ToolPage title="Customer Lookup" lead="Find a customer by name, e-mail or phone, then see their details and bookings.">
      <Lookup />
    </ToolPage>
  );
}
