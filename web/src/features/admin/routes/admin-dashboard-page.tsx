import { CLIENT_ROUTES } from '@app/shared/routes';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';

// Tools of spec §6, linked from the dashboard cards (§2).
const TOOLS = [
  { to: CLIENT_ROUTES.adminLookup, label: 'Customer Lookup' },
  { to: CLIENT_ROUTES.adminInvites, label: 'Pre-Invites' },
  { to: CLIENT_ROUTES.sessionManager, label: 'Session Manager' },
  { to: CLIENT_ROUTES.cleanerRoster, label: 'Cleaner Roster' },
] as const;

// The sign-in guard (redirect to /admin/login) arrives with the staff session API.
export function AdminDashboardPage() {
  return (
    <Page title="Admin Dashboard" heading="Admin Dashboard">
      <ul className="card-list">
        {TOOLS.map(({ to, label }) => (
          <li key={to} className="card">
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
