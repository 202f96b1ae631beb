import { Page } from '../../../components/page';
import { RequireStaff } from '../components/require-staff';

export function SessionManagerPage() {
  // Staff only; the tool itself comes with the staff APIs.
  return (
    <RequireStaff>
      <Page title="Session Manager" heading="Session Manager" />
    </RequireStaff>
  );
}
