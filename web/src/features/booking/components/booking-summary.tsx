import { useId, useRef, useState } from 'react';
import { FREQUENCY_LABELS, VISIT_TYPE_LABELS, type RecurringFrequency, type VisitType } from '@app/shared/booking-price';
import { FIRST_BOOKING_DISCOUNT_PERCENT } from '@app/shared/constants';
import { findProduct } from '@app/shared/catalogue';
import { startingPriceCents } from '@app/shared/services';
import { SQUARE_FOOTAGE_BANDS } from '@app/shared/square-footage';
import { formatDollars } from '../../../lib/money';
import { featuresOf } from '../../../lib/service-features';
import type { DraftChoice } from './booking-choices';
import { TrustPanel } from './trust-panel';

const NOT_CHOSEN = 'Not chosen yet';
export const QUOTE_TEXT = 'Custom quote after your free assessment';

const bandLabel = (key: number | null) => SQUARE_FOOTAGE_BANDS.find((b) => b.key === key)?.label;

/** 'YYYY-MM-DD' as people read it: "Fri, Dec 4". */
export function formatDay(date: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const day = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(day.getTime()) ? null : day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Fri, Dec 4 · Morning": the day and the part of it; null until a day is chosen. */
export function whenLine(date: string, timeOfDay: string | null): string | null {
  const day = formatDay(date);
  return day ? [day, timeOfDay ? timeOfDay.charAt(0).toUpperCase() + timeOfDay.slice(1) : null].filter(Boolean).join(' · ') : null;
}

/**
 * A Recurring Clean's estimate, visit by visit: the first-booking discount comes off the first
 * visit only (shared/src/booking-price.ts), so "First visit $233.10, then $259 a visit".
 */
export function visitsLine(firstVisitCents: number, laterVisitCents: number): string {
  if (firstVisitCents === laterVisitCents) return `${formatDollars(laterVisitCents)} a visit`;
  return `First visit ${formatDollars(firstVisitCents)}, then ${formatDollars(laterVisitCents)} a visit`;
}

/** The price's headline: the estimate (visit by visit for a recurring clean), a starting price while the size is open, or the quote. */
export function estimateHeadline(choice: DraftChoice): { label: string; price: string } {
  if (choice.price) {
    if (choice.price.quote || choice.price.totalCents === null) return { label: 'Estimate', price: QUOTE_TEXT };
    if (choice.laterVisitCents !== null) return { label: 'Estimate', price: visitsLine(choice.price.totalCents, choice.laterVisitCents) };
    return { label: 'Estimated total', price: formatDollars(choice.price.totalCents) };
  }
  if (!choice.service) return { label: 'Estimated starting price', price: 'Quoted after your assessment' };
  if (choice.band !== null && choice.band >= 2001) return { label: 'Estimate', price: QUOTE_TEXT };
  const from = startingPriceCents(choice.service, SQUARE_FOOTAGE_BANDS[0].key);
  return { label: 'Starting price', price: from === null ? 'Custom quote' : `From ${formatDollars(from)}` };
}

/** "Deep Clean", or for a recurring clean "Recurring Clean · Deep visit, bi-weekly" (the form's draft or the api's summary). */
export function serviceLine(choice: { service: string | null; visitType: VisitType | null; frequency: RecurringFrequency | null }): string {
  if (!choice.service) return NOT_CHOSEN;
  const recurring = [choice.visitType ? VISIT_TYPE_LABELS[choice.visitType] : null, choice.frequency ? FREQUENCY_LABELS[choice.frequency].toLowerCase() : null].filter(Boolean);
  return recurring.length > 0 ? `${choice.service} · ${recurring.join(', ')}` : choice.service;
}

interface BookingSummaryProps {
  choice: DraftChoice;
  preferredDate: string;
  timeOfDay: string;
}

/** What is chosen so far: service, size, date and add-ons. */
function SummaryFacts({ choice, preferredDate, timeOfDay }: BookingSummaryProps) {
  return (
    <dl className="booking-summary__facts">
      <dt>Service</dt>
      <dd data-summary="service">{serviceLine(choice)}</dd>
      <dt>Home size</dt>
      <dd data-summary="size">{choice.band === null ? NOT_CHOSEN : `${bandLabel(choice.band)} sq ft`}</dd>
      <dt>Preferred date</dt>
      <dd data-summary="date">{whenLine(preferredDate, timeOfDay) ?? NOT_CHOSEN}</dd>
      <dt>Add-ons</dt>
      <dd data-summary="add-ons">{choice.addOns.length === 0 ? 'None' : choice.addOns.map((id) => findProduct(id)?.name ?? id).join(', ')}</dd>
    </dl>
  );
}

/** The priced lines and the first-booking discount; `testIds` on the one copy tests read (the wide screen's). */
function EstimateLines({ choice, testIds }: { choice: DraftChoice; testIds: boolean }) {
  const priced = choice.price && !choice.price.quote ? choice.price : null;
  if (!priced) return null;
  return (
    <table className="estimate__lines">
      <caption className="visually-hidden">Estimate lines</caption>
      <tbody>
        {priced.lines.map((line) => (
          <tr key={line.id}>
            <th scope="row">{line.name}</th>
            <td>{formatDollars(line.cents)}</td>
          </tr>
        ))}
        {priced.discountPercent ? (
          <tr className="estimate__discount">
            <th scope="row">First-booking discount ({priced.discountPercent}%)</th>
            <td data-testid={testIds ? 'estimate-discount' : undefined}>−{formatDollars(priced.discountCents)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

function EstimateNote() {
  return (
    <p className="estimate__note">
      <strong>{FIRST_BOOKING_DISCOUNT_PERCENT}% off your first booking.</strong> Your price is confirmed after a free 15-minute
      assessment, before any work begins. Nothing is charged now.
    </p>
  );
}

/**
 * What the visitor has chosen so far and what it comes to, beside the form on wide screens
 * (sticky): service, size, date, add-ons, and the estimate with the first-booking discount, all
 * from the catalogue (the api prices the request itself; this is a preview), then what is
 * included and the trust panel. On phones the summary and price are the bottom bar's
 * (BookingBar), and what follows the form here is what is included and the trust panel.
 */
export function BookingSummary({ choice, preferredDate, timeOfDay }: BookingSummaryProps) {
  const { label, price } = estimateHeadline(choice);
  const features = choice.service ? featuresOf(choice.service) : [];
  return (
    // Focusable: on a short screen the sticky column scrolls on its own, and keyboards must reach it.
    <aside className="booking-side" aria-labelledby="booking-summary-heading" tabIndex={0}>
      <div className="booking-summary">
        <h2 id="booking-summary-heading">Your booking</h2>
        <SummaryFacts choice={choice} preferredDate={preferredDate} timeOfDay={timeOfDay} />
        <section className="estimate" aria-labelledby="estimate-heading" aria-live="polite">
          <h3 id="estimate-heading" className="visually-hidden">
            Price estimate
          </h3>
          <EstimateLines choice={choice} testIds />
          <p>{label}</p>
          <p className={choice.laterVisitCents === null ? 'estimate__price' : 'estimate__price estimate__price--visits'} data-testid="estimate-price">
            {price}
          </p>
          <EstimateNote />
        </section>
      </div>
      {features.length > 0 ? (
        <section className="booking-included" aria-labelledby="included-heading">
          <h3 id="included-heading">What&apos;s included</h3>
          <ul className="check-list">
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <TrustPanel />
    </aside>
  );
}

interface BookingBarProps extends BookingSummaryProps {
  formId: string;
  busy: boolean;
}

/**
 * The phone's bottom bar: the service and the estimate, the form's submit button, and "Details"
 * opening the summary above it (what is chosen, the priced lines, the discount).
 */
export function BookingBar({ choice, preferredDate, timeOfDay, formId, busy }: BookingBarProps) {
  const { price } = estimateHeadline(choice);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <div
      className="booking-bar"
      role="region"
      aria-label="Booking total"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggleRef.current?.focus();
      }}
    >
      {/* Two lines: the service and "Details", then the price and the submit. */}
      <div className="booking-bar__row">
        <span className="booking-bar__service" data-testid="bar-service">
          {serviceLine(choice) === NOT_CHOSEN ? 'Your booking' : serviceLine(choice)}
        </span>
        <button ref={toggleRef} type="button" className="link-button booking-bar__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          Details
        </button>
        <strong className="booking-bar__price" data-testid="bar-price" aria-live="polite">
          {price}
        </strong>
        <button type="submit" form={formId} className="button" disabled={busy}>
          Send request
        </button>
      </div>
      {/* After the toggle in reading order, shown above the bar. */}
      <div id={panelId} className="booking-bar__panel" hidden={!open}>
        <SummaryFacts choice={choice} preferredDate={preferredDate} timeOfDay={timeOfDay} />
        <EstimateLines choice={choice} testIds={false} />
        <EstimateNote />
      </div>
    </div>
  );
}
