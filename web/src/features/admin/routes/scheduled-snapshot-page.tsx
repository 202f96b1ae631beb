import { Page } from '../../../components/page';

export function ScheduledSnapshotPage() {
  return <Page title="Scheduled Cleanings" heading="Scheduled Cleanings Snapshot" />;
}
