import { CLIENT_ROUTES } from '@app/shared/routes';
import { BOOKING_MISSING_SERVICE_TITLE, BOOKING_TITLE } from '@app/shared/texts';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/page';

/** Spec §2: the booking form needs a chosen service; without one, send the visitor to pricing. */
export function BookingPage() {
  const [searchParams] = useSearchParams();
  const service = searchParams.get('service')?.trim();

  if (!service) {
    return (
      <Page title="Missing Service" heading={BOOKING_MISSING_SERVICE_TITLE} lead="Choose a service first, then schedule it.">
        <p className="actions">
          <Link to={CLIENT_ROUTES.pricing} className="button">
            See pricing
          </Link>
        </p>
      </Page>
    );
  }

  return <Page title={BOOKING_TITLE} heading={BOOKING_TITLE} lead={`Service: ${service}`} />;
}
