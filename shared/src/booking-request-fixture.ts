import type { BookingRequestInput } from './booking-request';
import { minBookingDate } from './eastern-time';
import type { Address } from './form-fields';
import { SMS_CONSENT_VERSION } from './sms-consent';

/**
 * A public booking request body the real schema accepts (bookingRequestSchema), for tests,
 * benchmarks and the chaos run: the one place that knows every field a booking needs, so a new
 * required field (as consentVersion and textsAgreed once were) is added here and nowhere else.
 * Plain shared code with no test-only imports, so bench/ and dev/ can use it as well.
 *
 * Each caller overrides only what it is about. The preferred date defaults to the earliest
 * bookable day for `now` (Eastern today + 5); a test with a fixed clock passes its own date.
 * The e-mail is unique per call (a new customer), unless given.
 */
/** The web form's request, whose address is the object (the api also takes docs/product.md §3's joined string). */
export type FormBookingRequestInput = Omit<BookingRequestInput, 'address'> & { address: Address };

export function bookingRequestBody(overrides: Partial<FormBookingRequestInput> = {}, now: Date = new Date()): FormBookingRequestInput {
  return {
    name: 'Jane Doe',
    email: `booking.${globalThis.crypto.randomUUID()}@example.com`,
    phone: '+14045551234',
    address: { street: '12 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303' },
    squareFootage: 1500,
    serviceType: 'Deep Clean',
    preferredDate: minBookingDate(now),
    quoteType: 'virtual',
    contactMethod: 'email',
    timeOfDay: 'morning',
    rooms: { kitchen: true, bathroomCount: 2 },
    agreed: true,
    consentVersion: SMS_CONSENT_VERSION,
    textsAgreed: true,
    ...overrides,
  };
}
