import type { BookingStatusResponse, BookingSummary } from '@app/shared/api-responses';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { SQUARE_FOOTAGE_BANDS } from '@app/shared/square-footage';
import {
  BOOKING_CONFIRMATION_TITLE,
  CONFIRMATION_CHECKING,
  CONFIRMATION_LOAD_FAILED,
  CONFIRMATION_NEXT_STEPS_HEADING,
  CONFIRMATION_NOTHING_CHARGED,
  CONFIRMATION_PORTAL,
  CONFIRMATION_PORTAL_LINK,
  CONFIRMATION_PRICE_AT_ASSESSMENT,
  CONFIRMATION_QUOTE_AT_ASSESSMENT,
  CONFIRMATION_REFERENCE_LABEL,
  CONFIRMATION_SUMMARY_HEADING,
  CONFIRMATION_UNKNOWN,
  CONFIRMATION_UNKNOWN_TITLE,
  CONTACT_PROMISE,
  confirmationContactStep,
} from '@app/shared/texts';
import { Link, useSearchParams } from 'react-router';
import { CallUs } from '../../../components/company-contact';
import { Page } from '../../../components/page';
import { formatDollars } from '../../../lib/money';
import { QueryProvider } from '../../../lib/query-provider';
import { isApiStatus } from '../../../lib/api-client';
import { useBookingStatus } from '../api/get-booking-status';
import { QUOTE_TEXT, serviceLine, visitsLine, whenLine } from '../components/booking-summary';
import '../booking.css';

const RECORDING = 'Your request is being recorded with our booking team…';
const RECORDED = 'Your request has reached our booking team.';

function estimateText(summary: BookingSummary): string {
  if (summary.amountCents === null) return QUOTE_TEXT;
  // A Recurring Clean visit by visit: the discount is the first visit's only.
  if (summary.laterVisitCents !== null) {
    const discount = summary.discountPercent ? ` (${summary.discountPercent}% off the first visit)` : '';
    return `${visitsLine(summary.amountCents, summary.laterVisitCents)}${discount}`;
  }
  const discount = summary.discountPercent ? ` (with ${summary.discountPercent}% off your first booking)` : '';
  return `${formatDollars(summary.amountCents)}${discount}`;
}

/** What was requested, as the api recorded it (never what the browser remembers). */
function RequestSummary({ summary }: { summary: BookingSummary }) {
  const band = SQUARE_FOOTAGE_BANDS.find((b) => b.key === summary.squareFootage);
  const when = summary.preferredDate ? whenLine(summary.preferredDate, summary.timeOfDay) : null;
  return (
    <section aria-labelledby="request-summary-heading">
      <h2 id="request-summary-heading">{CONFIRMATION_SUMMARY_HEADING}</h2>
      <dl className="confirmation__facts">
        <dt>Service</dt>
        <dd>{serviceLine(summary)}</dd>
        {band ? (
          <>
            <dt>Home size</dt>
            <dd>{band.label} sq ft</dd>
          </>
        ) : null}
        {when ? (
          <>
            <dt>Preferred date</dt>
            <dd>{when}</dd>
          </>
        ) : null}
        <dt>Add-ons</dt>
        <dd>{summary.addOns.length > 0 ? summary.addOns.join(', ') : 'None'}</dd>
        <dt>Estimate</dt>
        <dd data-testid="confirmation-estimate">{estimateText(summary)}</dd>
      </dl>
    </section>
  );
}

function NextSteps({ summary }: { summary: BookingSummary }) {
  return (
    <section aria-labelledby="next-steps-heading">
      <h2 id="next-steps-heading">{CONFIRMATION_NEXT_STEPS_HEADING}</h2>
      <ol className="next-steps">
        <li>{confirmationContactStep(summary.contactMethod, summary.quoteType, summary.textsAgreed)}</li>
        <li>{summary.amountCents === null ? CONFIRMATION_QUOTE_AT_ASSESSMENT : CONFIRMATION_PRICE_AT_ASSESSMENT}</li>
        <li>{CONFIRMATION_NOTHING_CHARGED}</li>
        <li>
          {CONFIRMATION_PORTAL}{' '}
          <Link to={CLIENT_ROUTES.login}>{CONFIRMATION_PORTAL_LINK}</Link>
        </li>
      </ol>
    </section>
  );
}

function Confirmed({ booking }: { booking: BookingStatusResponse }) {
  return (
    <Page title="Request Received" heading={BOOKING_CONFIRMATION_TITLE} lead={CONTACT_PROMISE}>
      <div className="confirmation">
        <p className="confirmation__reference">
          {CONFIRMATION_REFERENCE_LABEL}: <strong data-testid="reference-id">{booking.reference}</strong>
        </p>
        {/* Whether the worker has handed the request to the CRM yet; polled in the background. */}
        <p role="status" data-synced={booking.syncedToCrm}>
          {booking.syncedToCrm ? RECORDED : RECORDING}
        </p>
        <NextSteps summary={booking.summary} />
        <RequestSummary summary={booking.summary} />
        <CallUs lead="Questions in the meantime? Call" />
      </div>
    </Page>
  );
}

function UnknownRequest() {
  return (
    <Page title="Request Not Found" heading={CONFIRMATION_UNKNOWN_TITLE}>
      <p>{CONFIRMATION_UNKNOWN}</p>
      <p className="actions">
        <Link to={CLIENT_ROUTES.contact} className="button">
          Contact us
        </Link>
      </p>
    </Page>
  );
}

function Confirmation({ dealId }: { dealId: string }) {
  const { data, error } = useBookingStatus(dealId);
  if (data) return <Confirmed booking={data} />;
  if (isApiStatus(error, 404)) return <UnknownRequest />;
  return (
    <Page title="Request Received" heading={CONFIRMATION_CHECKING}>
      <p role="status">{error ? CONFIRMATION_LOAD_FAILED : null}</p>
    </Page>
  );
}

/**
 * docs/product.md §2: after a booking, 'Your request is locked in', its reference and the promise of
 * contact within 24 hours; here also what happens next and what was asked for, as the api
 * recorded it. The page is opened by the request's id (unguessable); an id we do not know
 * says so instead of pretending the request exists.
 */
export function BookingConfirmationPage() {
  const [searchParams] = useSearchParams();
  const dealId = searchParams.get('dealId')?.trim();
  if (!dealId) return <UnknownRequest />;
  return (
    <QueryProvider>
      <Confirmation dealId={dealId} />
    </QueryProvider>
  );
}
