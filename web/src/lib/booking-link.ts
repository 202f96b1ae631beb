import { CLIENT_ROUTES } from '@app/shared/routes';

/**
 * What a pricing card hands to the booking page (docs/product.md §2): the service, its starting price in
 * whole dollars, what it includes and the square-footage bands it covers (the booking form's
 * select values of §5: 1000, 1500, 2000, 2001).
 */
export interface BookingSelection {
  service: string;
  price: number;
  features: readonly string[];
  sqft: readonly number[];
}

// List items are encoded one by one and joined with a literal ';', so the separator can never be
// confused with a ';' inside an item (which is sent as %3B).
const list = (items: readonly (string | number)[]) => items.map((item) => encodeURIComponent(item)).join(';');

/** `/booking?service=…&price=…&features=a;b;c&sqft=…`, every value percent-encoded (spaces as %20). */
export function bookingHref({ service, price, features, sqft }: BookingSelection): string {
  return (
    `${CLIENT_ROUTES.booking}?service=${encodeURIComponent(service)}&price=${encodeURIComponent(price)}` +
    `&features=${list(features)}&sqft=${list(sqft)}`
  );
}

/** Raw (still encoded) value of a query parameter, so list separators survive decoding. */
function rawParam(search: string, name: string): string | undefined {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === name) return pair.slice(at + 1);
  }
  return undefined;
}

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Reads a booking link back (for the booking page); null without a service. Bad list items are dropped. */
export function parseBookingSearch(search: string): BookingSelection | null {
  const service = decode(rawParam(search, 'service') ?? '')?.trim();
  if (!service) return null;
  const items = (name: string) =>
    (rawParam(search, name) ?? '')
      .split(';')
      .map(decode)
      .filter((item): item is string => item !== undefined && item.trim() !== '');
  const price = Number(decode(rawParam(search, 'price') ?? ''));
  return {
    service,
    price: Number.isFinite(price) ? price : NaN,
    features: items('features'),
    sqft: items('sqft').map(Number).filter(Number.isInteger),
  };
}
