import { describe, expect, it } from 'vitest';
import { bookingSkus } from './booking-price';
import { bookingRequestSchema } from './booking-request';
import { formatAddress, joinStateZip } from './form-fields';
import { bookingRequestBody } from './booking-request-fixture';
import { PRODUCT_SPEC_CONSENT_VERSION } from './sms-consent';

const LEGAL = 'Sweet Peach Cleaning LLC';
// Nov 21, 22:30 in Eastern; already Nov 22 in UTC. Minimum date: Nov 21 + 5 = Nov 26.
const now = new Date('2026-11-22T03:30:00Z');
const schema = bookingRequestSchema({ legalName: LEGAL, now });

// The shared fixture with what these tests are about: e-mail and state to normalise, text contact.
const good = bookingRequestBody(
  {
    name: 'Ann Lee',
    email: 'Ann@Example.com ',
    address: { street: '123 Peachtree St NE', city: 'Atlanta', state: 'ga', zip: '30303' },
    description: 'Two dogs.',
    contactMethod: 'text',
    rooms: { kitchen: true, bathroomCount: 2, mainLevelBedrooms: 1 },
  },
  now,
);

/** Issues as 'path' → message, the way the API names the field in its 400. */
function issues(input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('public booking request schema', () => {
  it('accepts a good payload and normalises it', () => {
    const parsed = schema.parse(good);
    expect(parsed.email).toBe('ann@example.com');
    expect(parsed.address.state).toBe('GA');
    expect(parsed.rooms).toEqual({
      livingRoom: false,
      diningRoom: false,
      kitchen: true,
      office: false,
      laundryRoom: false,
      basement: false,
      garage: false,
      bathroomCount: 2,
      mainLevelBedrooms: 1,
      topLevelBedrooms: 0,
      otherRooms: 0,
    });
    expect(bookingSkus(parsed)).toEqual(['deep-1500']);
    expect(parsed.addOns).toEqual([]);
  });

  it('description is optional; empty means absent', () => {
    const { description: _d, ...rest } = good;
    expect(schema.parse(rest).description).toBeUndefined();
    expect(schema.parse({ ...good, description: '   ' }).description).toBeUndefined();
    expect(schema.parse({ ...good, description: null }).description).toBeUndefined();
    expect(issues({ ...good, description: 'x'.repeat(2001) })).toEqual({ description: 'Please keep the description under 2000 characters.' });
  });

  it.each([
    ['name', { name: '  ' }, 'Please enter your name.'],
    ['email', { email: 'ann@' }, 'Please enter a valid email address.'],
    ['phone', { phone: '404-555-1234' }, 'Please enter a valid 10-digit US phone number.'],
    ['phone', { phone: '+1404555123' }, 'Please enter a valid 10-digit US phone number.'],
    ['address.street', { address: { ...good.address, street: '' } }, 'Please enter your street address.'],
    ['address.city', { address: { ...good.address, city: '' } }, 'Please enter your city.'],
    ['address.state', { address: { ...good.address, state: 'Georgia' } }, 'Please enter a 2-letter state code.'],
    ['address.state', { address: { ...good.address, state: 'G1' } }, 'Please enter a 2-letter state code.'],
    ['address.zip', { address: { ...good.address, zip: '3030' } }, 'Please enter a valid 5-digit zip code.'],
    ['squareFootage', { squareFootage: 1200 }, 'Invalid square footage selected'],
    ['squareFootage', { squareFootage: '1500' }, 'Invalid square footage selected'],
    ['serviceType', { serviceType: 'Commercial Cleaning' }, 'Please choose a service.'],
    ['serviceType', { serviceType: 'deep-1500' }, 'Please choose a service.'],
    ['preferredDate', { preferredDate: '2026-11-25' }, 'Please choose a date at least 5 days from today.'],
    ['preferredDate', { preferredDate: '11/30/2026' }, 'Please choose a preferred date.'],
    ['preferredDate', { preferredDate: '2026-11-31' }, 'Please choose a preferred date.'],
    ['quoteType', { quoteType: 'phone' }, 'Please choose an in-person or virtual assessment.'],
    ['contactMethod', { contactMethod: 'fax' }, 'Please choose how we should contact you.'],
    ['timeOfDay', { timeOfDay: 'midnight' }, 'Please choose a time of day.'],
    ['rooms.bathroomCount', { rooms: { bathroomCount: -1 } }, 'Please enter a whole number of rooms.'],
    ['rooms.otherRooms', { rooms: { otherRooms: 1.5 } }, 'Please enter a whole number of rooms.'],
    ['rooms.topLevelBedrooms', { rooms: { topLevelBedrooms: 11 } }, 'Please enter a whole number of rooms.'],
    [
      'agreed',
      { agreed: false },
      'You must consent to allowing Sweet Peach Cleaning LLC to contact you before submitting.',
    ],
    ['consentVersion', { consentVersion: '2020-01-01' }, 'Please reload the page: the text message terms you saw are not ones we know.'],
    // No version names no box for texts: agreeing to texts under it is refused.
    ['consentVersion', { consentVersion: undefined }, 'Please reload the page: the text message terms you saw are not ones we know.'],
    // The bundled wording (texts inside the required agreement) is readable, never taken for a booking.
    ['consentVersion', { consentVersion: '2026-11-27' }, 'Please reload the page: the text message terms you saw are not ones we know.'],
    ['textsAgreed', { textsAgreed: undefined }, 'Please reload the page and choose whether we may text you.'],
    ['textsAgreed', { textsAgreed: 'yes' }, 'Please reload the page and choose whether we may text you.'],
  ])('refuses a bad %s', (path, patch, message) => {
    expect(issues({ ...good, ...patch })).toEqual({ [path]: message });
  });

  it('names every missing field with its message', () => {
    expect(issues({})).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid 10-digit US phone number.',
      address: 'Please enter your address.',
      squareFootage: 'Invalid square footage selected',
      serviceType: 'Please choose a service.',
      preferredDate: 'Please choose a preferred date.',
      quoteType: 'Please choose an in-person or virtual assessment.',
      contactMethod: 'Please choose how we should contact you.',
      timeOfDay: 'Please choose a time of day.',
    });
  });

  it("takes docs/product.md §3's payload as listed: no agreed, consentVersion or textsAgreed, the address joined", () => {
    const { agreed: _agreed, consentVersion: _version, textsAgreed: _texts, ...spec } = good;
    const parsed = schema.parse({ ...spec, address: '123 Peachtree St NE, Atlanta, ga 30303' });
    expect(parsed.address).toEqual({ street: '123 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303' });
    // Under the spec's own words, which show no box for texts: no texts until the customer opts in.
    expect(parsed).toMatchObject({ agreed: true, consentVersion: PRODUCT_SPEC_CONSENT_VERSION, textsAgreed: false, contactMethod: 'text' });
    // A street with commas of its own keeps them; a joined address names its missing part.
    expect(schema.parse({ ...spec, address: '12 Main St, Suite 5, Decatur, GA 30030' }).address.street).toBe('12 Main St, Suite 5');
    expect(issues({ ...spec, address: '123 Peachtree St NE, Atlanta, GA 3030' })).toEqual({ 'address.zip': 'Please enter a valid 5-digit zip code.' });
    expect(issues({ ...spec, address: '123 Peachtree St NE, GA 30303' })).toEqual({ 'address.city': 'Please enter your city.' });
    expect(issues({ ...spec, address: 42 })).toEqual({ address: 'Please enter your address.' });
    // Agreeing to texts needs the words of a box for them; agreed false is still refused.
    expect(issues({ ...spec, textsAgreed: true })).toEqual({ consentVersion: 'Please reload the page: the text message terms you saw are not ones we know.' });
    expect(issues({ ...spec, agreed: false })).toEqual({ agreed: 'You must consent to allowing Sweet Peach Cleaning LLC to contact you before submitting.' });
  });

  it('takes the text box unticked: texts are never a condition of booking', () => {
    expect(schema.parse({ ...good, contactMethod: 'phone', textsAgreed: false }).textsAgreed).toBe(false);
    expect(schema.parse({ ...good, contactMethod: 'email', textsAgreed: false }).textsAgreed).toBe(false);
    expect(schema.parse({ ...good, contactMethod: 'text', textsAgreed: true }).textsAgreed).toBe(true);
    // Nor of being contacted by text: §5 requires a contact method and the agreement, nothing more.
    expect(schema.parse({ ...good, contactMethod: 'text', textsAgreed: false }).textsAgreed).toBe(false);
  });

  it('is strict: unknown fields are refused, photos are never sent', () => {
    expect(Object.keys(issues({ ...good, photos: [] }))).toEqual(['']);
    expect(schema.safeParse({ ...good, address: { ...good.address, country: 'US' } }).success).toBe(false);
    expect(schema.safeParse({ ...good, rooms: { sauna: true } }).success).toBe(false);
  });

  it('reads the clock at parse time when given a function', () => {
    let clock = new Date('2026-11-22T03:30:00Z');
    const live = bookingRequestSchema({ legalName: LEGAL, now: () => clock });
    expect(live.safeParse(good).success).toBe(true);
    clock = new Date('2026-11-22T05:00:00Z'); // midnight Eastern: the minimum moves to Nov 27
    expect(live.safeParse(good).success).toBe(false);
  });

  it('every pricing family is accepted; 2001+ lists no service product (a custom quote)', () => {
    for (const serviceType of ['Basic Clean', 'Deep Clean', 'Full Move Service']) {
      expect(schema.safeParse({ ...good, serviceType }).success).toBe(true);
    }
    expect(schema.safeParse({ ...good, serviceType: 'Recurring Clean', frequency: 'monthly', visitType: 'basic' }).success).toBe(true);
    expect(bookingSkus({ serviceType: 'Recurring Clean', squareFootage: 2001, visitType: 'deep' })).toEqual([]);
    expect(bookingSkus({ serviceType: 'Basic Clean', squareFootage: 2001, addOns: ['addon-oven'] })).toEqual(['addon-oven']);
  });

  it('a Recurring Clean takes a frequency and a visit type, or is kept without them for the office to settle; other services drop them', () => {
    const unsettled = schema.parse({ ...good, serviceType: 'Recurring Clean' });
    expect(unsettled).not.toHaveProperty('frequency');
    expect(unsettled).not.toHaveProperty('visitType');
    expect(issues({ ...good, serviceType: 'Recurring Clean', frequency: 'daily', visitType: 'deep' })).toEqual({
      frequency: 'Please choose how often you would like a cleaning.',
    });
    const recurring = schema.parse({ ...good, serviceType: 'Recurring Clean', frequency: 'bi-weekly', visitType: 'deep' });
    expect(bookingSkus(recurring)).toEqual(['recurring-deep-1500']);
    expect(recurring).toMatchObject({ frequency: 'bi-weekly', visitType: 'deep' });
    const deep = schema.parse({ ...good, frequency: 'weekly', visitType: 'basic' });
    expect(deep).not.toHaveProperty('frequency');
    expect(deep).not.toHaveProperty('visitType');
  });

  it('takes priced add-ons once each, and refuses unknown, unpriced or repeated ones', () => {
    expect(schema.parse({ ...good, addOns: ['addon-oven', 'addon-microwave'] }).addOns).toEqual(['addon-oven', 'addon-microwave']);
    for (const addOns of [['addon-gold-plating'], ['addon-carpet-shampooing'], ['addon-oven', 'addon-oven'], 'addon-oven', ['deep-1500']]) {
      expect(issues({ ...good, addOns })).toEqual({ addOns: 'Please choose add-ons from the list.' });
    }
  });
});

describe('address helpers', () => {
  it("join 'state zip' as the spec sends it", () => {
    expect(joinStateZip('GA', '30303')).toBe('GA 30303');
    expect(formatAddress({ street: '1 Main St', city: 'Decatur', state: 'GA', zip: '30030' })).toBe('1 Main St, Decatur, GA 30030');
  });
});
