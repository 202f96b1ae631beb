import { BOOKING_CONFIRMATION_TITLE, CONTACT_PROMISE } from '@app/shared/texts';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/page';
import { QueryProvider } from '../../../lib/query-provider';
import { useBookingStatus } from '../api/get-booking-status';

const RECORDING = 'Your request is being recorded with our booking team…';
const RECORDED = 'Your request has reached our booking team.';

/** Whether the request has reached the CRM yet; polled in the background, never in the way. */
function CrmStatus({ dealId }: { dealId: string }) {
  const { data } = useBookingStatus(dealId);
  const synced = data?.syncedToCrm === true;
  return (
    <p role="status" data-synced={synced}>
      {synced ? RECORDED : RECORDING}
    </p>
  );
}

export function BookingConfirmationPage() {
  const [searchParams] = useSearchParams();
  const dealId = searchParams.get('dealId')?.trim();

  return (
    <Page title="Request Received" heading={BOOKING_CONFIRMATION_TITLE}>
      <div className="card">
        {dealId ? (
          <p>
            Reference ID: <strong data-testid="reference-id">{dealId}</strong>
          </p>
        ) : null}
        <p>{CONTACT_PROMISE}</p>
        {dealId ? (
          <QueryProvider>
            <CrmStatus dealId={dealId} />
          </QueryProvider>
        ) : null}
      </div>
    </Page>
  );
}
