import { Page } from '../../../components/page';

export function CleanerRosterPage() {
  return <Page title="Cleaner Roster" heading="Cleaner Roster" />;
}
