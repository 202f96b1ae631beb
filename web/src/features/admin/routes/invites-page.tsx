import { Page } from '../../../components/page';
import { RequireStaff } from '../components/require-staff';

export function InvitesPage() {
  // Staff only; the tool itself comes with the staff APIs.
  return (
    <RequireStaff>
      <Page title="Pre-Invites" heading="Pre-Invites" />
    </RequireStaff>
  );
}
