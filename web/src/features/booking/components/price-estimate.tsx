import { FIRST_BOOKING_DISCOUNT_PERCENT } from '@app/shared/constants';
import { isServiceFamily, sqftSelectValue, startingPriceCents } from '@app/shared/services';
import { SQUARE_FOOTAGE_BANDS } from '@app/shared/square-footage';
import { formatDollars } from '../../../lib/money';

interface PriceEstimateProps {
  service: string;
  /** The square-footage select's value ('' until one is chosen). */
  squareFootage: string;
}

/** What the price line says for a service and a square-footage choice, from the catalogue (spec §9). */
export function estimateText(service: string, squareFootage: string): { label: string; price: string } {
  if (!isServiceFamily(service)) return { label: 'Estimated starting price', price: 'Quoted after your assessment' };
  const band = squareFootage === '' ? undefined : sqftSelectValue(squareFootage);
  if (band?.ok) {
    const cents = startingPriceCents(service, band.value);
    return { label: 'Estimated starting price', price: cents === null ? 'Custom quote after your assessment' : formatDollars(cents) };
  }
  // No size chosen yet: the lowest band's price, as on the pricing card.
  const from = startingPriceCents(service, SQUARE_FOOTAGE_BANDS[0].key);
  return { label: 'Starting price', price: from === null ? 'Custom quote' : `From ${formatDollars(from)}` };
}

/**
 * The estimate beside the form: the catalogue's starting price for the chosen service and home
 * size (the server prices the request itself; this is only a preview), and the first-booking promo.
 */
export function PriceEstimate({ service, squareFootage }: PriceEstimateProps) {
  const { label, price } = estimateText(service, squareFootage);
  return (
    <section className="estimate" aria-labelledby="estimate-heading" aria-live="polite">
      <h2 id="estimate-heading" className="visually-hidden">
        Price estimate
      </h2>
      <p>{label}</p>
      <p className="estimate__price" data-testid="estimate-price">
        {price}
      </p>
      <p>
        <strong>{FIRST_BOOKING_DISCOUNT_PERCENT}% off your first booking.</strong> Your price is confirmed after a free
        15-minute assessment, before any work begins.
      </p>
    </section>
  );
}
