import { describe, expect, it } from 'vitest';
import { bookingFormSchema, toBookingRequest } from './booking-form';
import { bookingRequestSchema } from './booking-request';
import { keepPhotos } from './form-fields';
import { SMS_CONSENT_VERSION } from './sms-consent';

const LEGAL = 'Sweet Peach Cleaning LLC';
const now = new Date('2026-11-22T03:30:00Z');
const form = bookingFormSchema({ legalName: LEGAL, now });
const photo = (name: string) => ({ name, size: 1000, type: 'image/jpeg' });

const good = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '(404) 555-1234',
  address: { street: '1 Main St', city: 'Decatur', state: 'ga', zip: '30030' },
  squareFootage: '1750',
  serviceType: 'Basic Clean',
  preferredDate: '2026-11-26',
  description: '',
  quoteType: 'in-person',
  contactMethod: 'phone',
  timeOfDay: 'afternoon',
  rooms: { livingRoom: true, bathroomCount: '2', mainLevelBedrooms: '', otherRooms: '1' },
  agreed: true,
  textsAgreed: false,
  photos: [photo('a.jpg')],
};

function issues(input: unknown): Record<string, string> {
  const result = form.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('booking form schema (browser)', () => {
  it('normalises inputs into exactly the payload the server accepts', () => {
    const values = form.parse(good);
    expect(values.phone).toBe('+14045551234');
    expect(values.squareFootage).toBe(2000);
    expect(values.rooms.bathroomCount).toBe(2);
    expect(values.rooms.mainLevelBedrooms).toBe(0);
    expect(values.photos).toHaveLength(1);
    const payload = toBookingRequest(values, SMS_CONSENT_VERSION);
    expect(payload).not.toHaveProperty('photos');
    expect(payload.consentVersion).toBe('2026-11-28');
    expect(payload.textsAgreed).toBe(false);
    expect(bookingRequestSchema({ legalName: LEGAL, now }).parse(payload)).toEqual(payload);
  });

  it('keeps every digit of the phone: a leading 1 is the country code, any other count is refused', () => {
    expect(form.parse({ ...good, phone: '+1 (404) 555-7788' }).phone).toBe('+14045557788');
    expect(issues({ ...good, phone: '404-555-1234 ext 99' })).toEqual({ phone: 'Please enter a valid 10-digit US phone number.' });
    expect(issues({ ...good, phone: '404-555' })).toEqual({ phone: 'Please enter a valid 10-digit US phone number.' });
  });

  it.each([
    ['0', 1000],
    ['1000', 1000],
    ['1001', 1500],
    ['2001', 2001],
    [4999, 2001],
  ])('maps square footage %j to %j', (input, key) => {
    expect(form.parse({ ...good, squareFootage: input }).squareFootage).toBe(key);
  });

  it.each(['', '-1', 'abc', Number.NaN])('refuses square footage %j with the §5 message', (input) => {
    expect(issues({ ...good, squareFootage: input })).toEqual({ squareFootage: 'Invalid square footage selected' });
  });

  it('allows at most 5 photos', () => {
    const six = Array.from({ length: 6 }, (_, i) => photo(`${i}.jpg`));
    expect(issues({ ...good, photos: six })).toEqual({ photos: 'You can add up to 5 photos.' });
    expect(form.parse({ ...good, photos: keepPhotos(six) }).photos).toHaveLength(5);
    expect(form.parse({ ...good, photos: undefined }).photos).toEqual([]);
  });

  it('the text box: optional, carried as ticked or not, also with "Text message" as the way to be contacted (§5 asks no more)', () => {
    expect(toBookingRequest(form.parse({ ...good, textsAgreed: true }), SMS_CONSENT_VERSION).textsAgreed).toBe(true);
    expect(toBookingRequest(form.parse({ ...good, contactMethod: 'text' }), SMS_CONSENT_VERSION)).toMatchObject({ contactMethod: 'text', textsAgreed: false });
    expect(issues({ ...good, contactMethod: 'text', agreed: false })).toEqual({
      agreed: 'You must consent to allowing Sweet Peach Cleaning LLC to contact you before submitting.',
    });
  });

  it('shows the consent alert and the 5-day minimum', () => {
    expect(issues({ ...good, agreed: false })).toEqual({
      agreed: 'You must consent to allowing Sweet Peach Cleaning LLC to contact you before submitting.',
    });
    expect(issues({ ...good, preferredDate: '2026-11-25' })).toEqual({
      preferredDate: 'Please choose a date at least 5 days from today.',
    });
  });

  it('refuses a non-numeric room count', () => {
    expect(issues({ ...good, rooms: { bathroomCount: 'two' } })).toEqual({ 'rooms.bathroomCount': 'Please enter a whole number of rooms.' });
  });
});
