import { CLIENT_ROUTES } from '@app/shared/routes';
import { BOOKING_MISSING_SERVICE_TITLE, BOOKING_TITLE } from '@app/shared/texts';
import { Link, useLocation } from 'react-router';
import { Page } from '../../../components/page';
import { parseBookingSearch } from '../../../lib/booking-link';
import { BookingForm } from '../components/booking-form';

/** docs/product.md §2: the booking form needs a chosen service; without one, send the visitor to pricing. */
export function BookingPage() {
  const { search } = useLocation();
  const selection = parseBookingSearch(search);

  if (!selection) {
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

  return (
    <Page
      title={BOOKING_TITLE}
      description="Request a home cleaning in metro Atlanta: tell us about your home and pick a date; we confirm the price after a free 15-minute assessment."
      heading={BOOKING_TITLE}
      lead="Tell us about your home and when suits you. We'll contact you within 24 hours."
    >
      {/* Keyed by the query: a new pricing link starts a new form rather than keeping stale answers. */}
      <BookingForm key={search} selection={selection} />
    </Page>
  );
}
