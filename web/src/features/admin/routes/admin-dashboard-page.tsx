import { CLIENT_ROUTES, QUEUE_DASHBOARD_PATH } from '@app/shared/routes';
import { VIEW_SCHEDULE } from '@app/shared/texts';
import { Link } from 'react-router-dom';
import { usePageHead } from '../../../lib/head';
import { useStaffMe } from '../api/get-staff-me';
import { RequireStaff } from '../components/require-staff';


// The tools of spec §6, each a card on the dashboard (§2), and careers and team management.
const TOOLS = [
  { to: CLIENT_ROUTES.adminLookup, label: 'Customer Lookup', text: 'Find a customer by name, e-mail or phone and see their bookings.' },
  { to: CLIENT_ROUTES.adminInvites, label: 'Pre-Invites', text: 'Let a customer into the portal and text them an invitation.' },
  { to: CLIENT_ROUTES.sessionManager, label: 'Session Manager', text: 'See who is signed in to the portal and sign a session out.' },
  { to: CLIENT_ROUTES.cleanerRoster, label: 'Cleaner Roster', text: 'The cleaners from HubSpot, and who is assigned to which cleaning.' },
  { to: CLIENT_ROUTES.adminCareers, label: 'Careers Management', text: 'Add, edit and close the positions on the public Careers page.' },
  { to: CLIENT_ROUTES.adminTeam, label: 'Team Management', text: 'Add, edit, hide and show the people on the public Team page.' },
] as const;

function Dashboard() {
  const { data } = useStaffMe();
  return (
    <div className="container section">
      <h1>Admin Dashboard</h1>
      {data?.displayName ? <p className="lead">Signed in as {data.displayName}.</p> : null}
      <p className="actions">
        <Link to={CLIENT_ROUTES.adminScheduledSnapshot} className="button">
          {VIEW_SCHEDULE}
        </Link>
      </p>
      <ul className="card-list">
        {TOOLS.map(({ to, label, text }) => (
          <li key={to} className="card">
            <h2>
              <Link to={to}>{label}</Link>
            </h2>
            <p>{text}</p>
          </li>
        ))}
        <li className="card">
          <h2>
            <a href={QUEUE_DASHBOARD_PATH}>Queue Dashboard</a>
          </h2>
          <p>Background jobs: waiting, running, failed, with retry.</p>
        </li>
      </ul>
    </div>
  );
}

/** /admin/dashboard (spec §2): guarded; without a staff session it sends the visitor to /admin/login. */
export function AdminDashboardPage() {
  usePageHead('Admin Dashboard', 'Staff tools.');
  return (
    <RequireStaff>
      <Dashboard />
    </RequireStaff>
  );
}
