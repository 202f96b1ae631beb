import { FREQUENCY_LABELS, RECURRING_FAMILY, VISIT_TYPE_LABELS } from '@app/shared/booking-price';
import { ASSESSMENT_TYPE_LABELS, bandLabel, CONTACT_METHOD_LABELS, type DealRequest } from '@app/shared/deal-request';
import { formatCalendarDay, formatEasternDay } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import type { DealDetails } from '@app/shared/staff-board';
import { useId } from 'react';
import { easternFromIso } from '../common/format-eastern';

const NOT_SAID = <span className="muted">Not given</span>;

/** "Recurring Clean · Basic visit, weekly": the service as asked. */
function serviceAsked(request: DealRequest): string {
  if (!request.serviceType) return 'Not given';
  if (request.serviceType !== RECURRING_FAMILY) return request.serviceType;
  const visit = request.visitType ? VISIT_TYPE_LABELS[request.visitType] : 'visit not chosen';
  const often = request.frequency ? FREQUENCY_LABELS[request.frequency].toLowerCase() : 'how often not chosen';
  return `${request.serviceType} · ${visit}, ${often}`;
}

function estimateLine(request: DealRequest): string {
  const estimate = request.estimate;
  if (!estimate) return 'Custom quote after the assessment';
  const discount = estimate.discountCents > 0 ? ` (with ${estimate.discountPercent}% off the first booking)` : '';
  return `${formatUsd(estimate.totalCents)}${discount}`;
}

/** "Tue, Dec 8, morning": the day and part of the day the customer asked for. */
function preferredLine(deal: Pick<DealDetails, 'preferredDate' | 'timeOfDay'>): string | null {
  if (!deal.preferredDate) return null;
  return [formatCalendarDay(deal.preferredDate), deal.timeOfDay].filter(Boolean).join(', ');
}

function Consent({ consent }: { consent: NonNullable<DealRequest['consent']> }) {
  const texts = consent.textsAgreed === true ? 'yes' : consent.textsAgreed === false ? 'no (login codes only)' : 'not asked';
  return (
    <>
      Agreed to be contacted, {easternFromIso(consent.agreedAt)}. Texts about this request: {texts}.
      <details className="deal-request__words">
        <summary>The words they agreed to</summary>
        <p>{consent.words}</p>
      </details>
    </>
  );
}

/**
 * Everything the customer asked for and agreed to when they booked (deal.request, read from the
 * booking request as it was accepted), with the rooms and their notes: the first thing the
 * office reads before it calls or quotes.
 */
export function DealRequestFacts({ deal }: { deal: DealDetails }) {
  const headingId = useId();
  const request = deal.request;
  return (
    <section className="deal-request" aria-labelledby={headingId}>
      <h2 id={headingId} className="deal-request__heading">What the customer asked for</h2>
      <dl className="deal-details">
        {request ? (
          <>
            <dt>Asked</dt>
            <dd>
              {formatEasternDay(new Date(request.submittedAt))}, {request.source === 'portal' ? 'in the customer portal' : 'on the booking form'}
            </dd>
            <dt>Service</dt>
            <dd data-request="service">{serviceAsked(request)}</dd>
            <dt>Home size</dt>
            <dd data-request="size">{request.squareFootage !== null ? bandLabel(request.squareFootage) : NOT_SAID}</dd>
            <dt>Add-ons</dt>
            <dd data-request="add-ons">{request.addOns.length > 0 ? request.addOns.map((a) => `${a.name} (${formatUsd(a.cents)})`).join(', ') : 'None'}</dd>
            <dt>Estimate they saw</dt>
            <dd data-request="estimate">{estimateLine(request)}</dd>
          </>
        ) : null}
        <dt>Preferred day</dt>
        <dd>{preferredLine(deal) ?? NOT_SAID}</dd>
        <dt>Rooms</dt>
        <dd>{deal.rooms ?? NOT_SAID}</dd>
        {request ? (
          <>
            <dt>Assessment</dt>
            <dd data-request="assessment">{request.quoteType ? ASSESSMENT_TYPE_LABELS[request.quoteType] : NOT_SAID}</dd>
            <dt>Contact by</dt>
            <dd data-request="contact">{request.contactMethod ? CONTACT_METHOD_LABELS[request.contactMethod] : NOT_SAID}</dd>
            <dt>Consent</dt>
            <dd data-request="consent">{request.consent ? <Consent consent={request.consent} /> : 'Signed in to the customer portal (no form consent)'}</dd>
          </>
        ) : null}
        <dt>Notes</dt>
        <dd className="deal-details__notes">{deal.notes ?? <span className="muted">None</span>}</dd>
      </dl>
    </section>
  );
}
