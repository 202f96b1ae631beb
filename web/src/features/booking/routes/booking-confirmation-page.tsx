import { useSearchParams } from 'react-router-dom';
import { BOOKING_CONFIRMATION_TITLE, CONTACT_PROMISE } from '@app/shared/texts';
import { Page } from '../../../components/page';

export function BookingConfirmationPage() {
  const [searchParams] = useSearchParams();
  const dealId = searchParams.get('dealId');

  return (
    <Page title="Request Received" heading={BOOKING_CONFIRMATION_TITLE}>
      {dealId ? (
        <p>
          Reference ID: <strong>{dealId}</strong>
        </p>
      ) : null}
      <p>{CONTACT_PROMISE}</p>
    </Page>
  );
}
