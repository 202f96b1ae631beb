import { useOwners } from '../common/get-owners';
import { CleanerSwitch } from './cleaner-switch';
import { useUpcomingDeals } from './get-upcoming-deals';
import { RosterDealRow } from './roster-deal-row';
import { ToolPage } from '../frame/tool-page';

function Cleaners() {
  const owners = useOwners();
  if (owners.isPending) return <p className="page-loading">Loading the cleaners…</p>;
  if (owners.isError) return <p className="alert">The cleaners could not be loaded just now. Please try again in a moment.</p>;
  if (owners.data.length === 0) return <p>No cleaners yet: they come from the owners in HubSpot.</p>;
  return (
    <ul className="card-list" aria-label="Cleaners">
      {owners.data.map((o) => (
        <li key={o.id} className="card">
          <h3>{o.name ?? o.email}</h3>
          <p className="muted">
            {o.email ?? 'No e-mail'}
            {o.active ? '' : ' · inactive'}
          </p>
          <CleanerSwitch owner={o} />
        </li>
      ))}
    </ul>
  );
}

function Assignments() {
  const owners = useOwners();
  const deals = useUpcomingDeals();
  if (deals.isPending || owners.isPending) return <p className="page-loading">Loading the scheduled cleanings…</p>;
  if (deals.isError) return <p className="alert">The scheduled cleanings could not be loaded just now. This page tries again by itself.</p>;
  if (deals.data.length === 0) return <p>No cleanings are scheduled from now on.</p>;
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <caption>Scheduled cleanings from now on (Eastern Time)</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Cleaning</th>
            <th scope="col">Cleaner</th>
            <th scope="col">
              <span className="visually-hidden">Status</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deals.data.map((deal) => (
            <RosterDealRow key={deal.id} deal={deal} owners={owners.data ?? []} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/cleaner-roster: the cleaners (HubSpot owners) and who is assigned to which scheduled cleaning. */
export function CleanerRosterPage() {
  return (
    <ToolPage
      title="Cleaner Roster"
      lead="The cleaners from HubSpot, and who is assigned to each scheduled cleaning. Changes are pushed to HubSpot. Marked as a cleaner, an owner signs in to their own day and to no office page."
    >
      <section className="tool-section" aria-labelledby="roster-cleaners-heading">
        <h2 id="roster-cleaners-heading">Cleaners</h2>
        <Cleaners />
      </section>
      <section className="tool-section" aria-labelledby="roster-assignments-heading">
        <h2 id="roster-assignments-heading">Assignments</h2>
        <Assignments />
      </section>
    </ToolPage>
  );
}
