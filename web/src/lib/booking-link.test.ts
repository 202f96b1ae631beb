import { describe, expect, it } from 'vitest';
import { bookingHref, parseBookingSearch } from './booking-link';

describe('booking links', () => {
  it('encodes each value and joins lists with a literal semicolon', () => {
    expect(
      bookingHref({ service: 'Basic Clean', price: 149, features: ['Floors & rugs', 'Up to 2 hours'], sqft: [1000, 1500] }),
    ).toBe('/booking?service=Basic%20Clean&price=149&features=Floors%20%26%20rugs;Up%20to%202%20hours&sqft=1000;1500');
  });

  it('keeps a semicolon inside an item apart from the separator', () => {
    const href = bookingHref({ service: 'Deep Clean', price: 279, features: ['a;b', 'c'], sqft: [2001] });
    expect(href).toContain('features=a%3Bb;c');
    expect(parseBookingSearch(href.slice(href.indexOf('?')))?.features).toEqual(['a;b', 'c']);
  });

  it('reads a link back', () => {
    const selection = { service: 'Full Move Service', price: 399, features: ['Inside cabinets', 'Baseboards'], sqft: [1000, 1500, 2000, 2001] };
    const href = bookingHref(selection);
    expect(parseBookingSearch(href.slice(href.indexOf('?')))).toEqual(selection);
  });

  it('is null without a service and tolerates junk', () => {
    expect(parseBookingSearch('?price=1')).toBeNull();
    expect(parseBookingSearch('?service=%20')).toBeNull();
    expect(parseBookingSearch('?service=Basic+Clean&price=x&features=%E0%A4%A;ok&sqft=1000;abc')).toEqual({
      service: 'Basic Clean',
      price: NaN,
      features: ['ok'],
      sqft: [1000],
    });
  });
});
