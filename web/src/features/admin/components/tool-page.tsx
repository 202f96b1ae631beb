import { CLIENT_ROUTES } from '@app/shared/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';
import '../../../components/form/forms.css';
import '../admin.css';
import { RequireStaff } from './require-staff';

/** The frame of every staff tool: the staff guard, the page heading and a way back to the dashboard. */
export function ToolPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <RequireStaff>
      <Page title={title} heading={title} lead={lead}>
        <p className="tool-back">
          <Link to={CLIENT_ROUTES.adminDashboard}>Back to the Admin Dashboard</Link>
        </p>
        {children}
      </Page>
    </RequireStaff>
  );
}
