import type { ReactNode } from 'react';
import { Page } from '../../../components/page';
import '../../../components/form/forms.css';
import '../common/staff.css';
import { RequireStaff } from './require-staff';

/** The frame of every staff tool: the staff guard and frame, then the page heading. */
export function ToolPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <RequireStaff>
      <Page title={title} heading={title} lead={lead}>
        {children}
      </Page>
    </RequireStaff>
  );
}
