import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import type { BookingRequestInput } from '@app/shared/booking-request';

/**
 * The people chaos books for. Each is new to the api (an e-mail of this run), has a phone of its
 * own within the run, and sends from a loopback address of its own: the api's limits are per
 * client address (login codes: 10 requests an hour; the booking form: 20 a minute) and per phone
 * (3 codes in 15 minutes), and a customer sends at most one booking and one code request, from
 * an address and a phone no other customer of the run has, so every limit holds however many
 * customers a fault has. The company's text budget (200 an
 * hour) counts the run's 30 login codes. Traffic still goes to the api on 127.0.0.1 only.
 */
export interface Customer {
  name: string;
  email: string;
  phone: string;
  /** The loopback address its requests come from. */
  address: string;
}

/**
 * Fictional numbers (555-0100 to 555-0199) of Atlanta's other area codes: the demo data uses
 * 404's, and the emulator texts nobody anyway.
 */
const AREA_CODES = ['470', '678', '770'];

/** What one run's customers share: the run's id (in their e-mails), its loopback network and the phones not yet given out. */
export interface Run {
  id: string;
  /** The second byte of the run's loopback addresses (127.<octet>.<fault>.<n>). */
  octet: number;
  phones: string[];
}

/**
 * A new run: its phones in a random order, and loopback addresses of its own, so that runs
 * close together never add up against the api's hourly limit per address.
 */
export function newRun(random: () => number = Math.random, now: number = Date.now()): Run {
  const phones = AREA_CODES.flatMap((area) => Array.from({ length: 100 }, (_, i) => `+1${area}55501${String(i).padStart(2, '0')}`));
  for (let i = phones.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [phones[i], phones[j]] = [phones[j]!, phones[i]!];
  }
  return { id: now.toString(36), octet: 1 + Math.floor(random() * 254), phones };
}

/** The loopback address of a fault's customer number `index` (Linux routes all of 127.0.0.0/8 to itself). */
export function clientAddress(run: Pick<Run, 'octet'>, fault: number, index: number): string {
  return `127.${run.octet}.${fault}.${10 + index}`;
}

/** Customers number `first` to `first + count - 1` of a fault, each with the next phone of the run. */
export function customersOf(run: Run, fault: number, first: number, count: number): Customer[] {
  return Array.from({ length: count }, (_, i) => {
    const index = first + i;
    const phone = run.phones.shift();
    if (!phone) throw new Error('chaos ran out of phone numbers');
    return {
      name: `Chaos Customer ${fault}-${index + 1}`,
      email: `chaos-${run.id}-f${fault}-${index + 1}@example.com`,
      phone,
      address: clientAddress(run, fault, index),
    };
  });
}

/**
 * A public booking as the form sends it. The text box stays unticked, so the booking texts no
 * one: a customer's only texts are the login codes chaos asks for, which keeps them countable.
 */
export function bookingBody(customer: Customer, preferredDate: string): BookingRequestInput {
  const { name, email, phone } = customer;
  return bookingRequestBody({ name, email, phone, address: { street: '100 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303' }, preferredDate, textsAgreed: false });
}
