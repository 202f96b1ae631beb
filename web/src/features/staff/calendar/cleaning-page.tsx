import { useSearchParams } from 'react-router';
import { ToolPage } from '../frame/tool-page';
import { DealDetailsView } from './deal-details-panel';
import { useDealDetails } from './get-deal-details';
import '../common/staff-board.css';

function Cleaning({ dealId }: { dealId: string }) {
  const details = useDealDetails(dealId);
  if (details.isPending) return <p className="page-loading">Loading the cleaning…</p>;
  if (!details.data) {
    return (
      <p className="alert" role="alert">
        This cleaning could not be loaded. It may have been deleted in HubSpot.
      </p>
    );
  }
  return <DealDetailsView deal={details.data} />;
}

/**
 * /admin/cleaning?id=: one cleaning on its own page, reached from the requests list and the
 * today board as well as the calendar: where a request that has no date yet is quoted and
 * scheduled (docs/staff-actions.md).
 */
export function CleaningPage() {
  const [params] = useSearchParams();
  const dealId = params.get('id')?.trim() ?? '';
  return (
    <ToolPage title="Cleaning" lead="Quote, schedule, answer the customer's requests and close out this cleaning. Changes reach HubSpot within seconds.">
      {dealId ? <Cleaning dealId={dealId} /> : <p className="alert">Open a cleaning from the requests, the today board or the calendar.</p>}
    </ToolPage>
  );
}
