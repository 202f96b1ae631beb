import { Page } from '../../../components/page';
import { RequireStaff } from '../components/require-staff';

export function CleanerRosterPage() {
  // Staff only; the tool itself comes with the staff APIs.
  return (
    <RequireStaff>
      <Page title="Cleaner Roster" heading="Cleaner Roster" />
    </RequireStaff>
  );
}
