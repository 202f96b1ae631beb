import { Page } from '../../../components/page';
import { RequireStaff } from '../components/require-staff';

export function CustomerLookupPage() {
  // Staff only; the tool itself comes with the staff APIs.
  return (
    <RequireStaff>
      <Page title="Customer Lookup" heading="Customer Lookup" />
    </RequireStaff>
  );
}
