import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/page';

export function BookingConfirmationPage() {
  const [searchParams] = useSearchParams();
  const dealId = searchParams.get('dealId');

  return (
    <Page title="Request Received" heading="Your request is locked in">
      {dealId ? (
        <p>
          Reference ID: <strong>{dealId}</strong>
        </p>
      ) : null}
      <p>We'll contact you within 24 hours to arrange your free 15-minute assessment.</p>
    </Page>
  );
}
