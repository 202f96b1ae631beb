import { usePageHead } from '../../../lib/head';
import { useScheduledDeals } from '../api/get-scheduled-deals';
import { RequireStaff } from '../components/require-staff';
import { ScheduledCalendar } from '../components/scheduled-calendar';

const TITLE = 'Scheduled Cleanings Snapshot';

function Snapshot() {
  // Failures are logged by the query; until data arrives (or if it never does) the calendar is empty.
  const { data = [] } = useScheduledDeals();
  return (
    <div className="container section">
      <h1>{TITLE}</h1>
      <p className="lead">Cleanings scheduled in HubSpot, in Eastern Time. The calendar refreshes by itself.</p>
      <ScheduledCalendar deals={data} />
    </div>
  );
}

/** /admin/ScheduledSnapshot (spec §2): staff only, like every staff page. */
export function ScheduledSnapshotPage() {
  usePageHead(TITLE, 'Calendar of scheduled cleanings for staff.');
  return (
    <RequireStaff>
      <Snapshot />
    </RequireStaff>
  );
}
