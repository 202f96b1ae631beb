import { findProduct } from '@app/shared/catalogue';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, easternWallTimeToInstant } from '@app/shared/eastern-time';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import type { QuoteInput } from '@app/shared/quote';

/**
 * The demo data `npm run dev` starts with, as a pure function of "now": a customer who can sign in
 * to the portal with deals in every interesting state (a quote to approve or decline among them),
 * a few other customers' cleanings so the staff calendar has something in the current week, and
 * their new requests for the office to quote. Every record carries a stable `demo_key`, so
 * seeding again updates (and re-dates) the same records instead of adding new ones.
 */

export interface DemoPerson {
  key: string;
  email: string;
  /** E.164 US form, as our contacts store it. */
  phone: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  squareFootage: number;
}

export interface DemoDeal {
  key: string;
  /** demo_key of the person the cleaning is for. */
  person: string;
  stageId: string;
  scheduledAt: Date | null;
  /** Calendar title ('cleaning type'). */
  serviceType: string;
  /** Catalogue ids: the service first, then add-ons. */
  skus: string[];
  ownerId: string | null;
  invoice: { status: 'paid' | 'open' | 'voided'; number: string } | null;
  ticket: { key: string; category: 'Reschedule Request' | 'Cancellation Request'; stage: string } | null;
  /**
   * The office's quote, sent from the staff workspace's path (seed-quote.ts): the deal reaches
   * Awaiting Quote Approval, its amount and its line items through it. `skus` are its lines.
   */
  quote: QuoteInput | null;
}

export interface DemoPlan {
  customer: DemoPerson;
  people: DemoPerson[];
  deals: DemoDeal[];
}

/** The customer anyone running `npm run dev` signs in as (555-01xx numbers are reserved for fiction). */
export const DEMO_CUSTOMER: DemoPerson = {
  key: 'demo-customer',
  email: 'demo.customer@example.com',
  phone: '+14045550123',
  firstName: 'Avery',
  lastName: 'Brooks',
  street: '245 Peachtree Center Ave NE',
  city: 'Atlanta',
  state: 'GA',
  zip: '30303',
  squareFootage: 1800,
};

const OTHERS: DemoPerson[] = [
  { key: 'demo-jordan', email: 'jordan.lee.demo@example.com', phone: '+14045550124', firstName: 'Jordan', lastName: 'Lee', street: '1080 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30309', squareFootage: 1200 },
  { key: 'demo-sam', email: 'sam.rivera.demo@example.com', phone: '+14045550125', firstName: 'Sam', lastName: 'Rivera', street: '315 W Ponce de Leon Ave', city: 'Decatur', state: 'GA', zip: '30030', squareFootage: 2400 },
];

const HOUR = 3_600_000;
const [maria, james, aisha] = SEED_OWNERS.map((o) => o.id);

/** Amount of the skus in decimal dollars ('559'), or null when any of them is priced on site. */
export function skusAmount(skus: readonly string[]): string | null {
  let cents = 0;
  for (const id of skus) {
    const price = findProduct(id)?.priceCents;
    if (price === null || price === undefined) return null;
    cents += price;
  }
  return String(cents / 100);
}

export function oneLineAddress(p: DemoPerson): string {
  return `${p.street}, ${p.city}, ${p.state} ${p.zip}`;
}

export function demoPlan(now: Date, customer: DemoPerson = DEMO_CUSTOMER): DemoPlan {
  const today = easternToday(now);
  /** An Eastern wall-clock time `days` from today. */
  const at = (days: number, hour: number, minute = 0): Date => {
    const [y, m, d] = addDays(today, days).split('-').map(Number) as [number, number, number];
    return easternWallTimeToInstant(y, m, d, hour, minute);
  };
  // Whole minutes, like an appointment someone typed in: 20 hours ahead, inside the 24-hour lock.
  const soon = new Date(Math.floor((now.getTime() + 20 * HOUR) / 60_000) * 60_000);
  const mine = (deal: Omit<DemoDeal, 'person' | 'ownerId' | 'invoice' | 'ticket' | 'quote'> & Partial<DemoDeal>): DemoDeal => ({
    person: customer.key,
    ownerId: null,
    invoice: null,
    ticket: null,
    quote: null,
    ...deal,
  });

  const customerDeals: DemoDeal[] = [
    mine({ key: 'demo-soon', stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: soon, serviceType: 'Deep Clean', skus: ['deep-2000'], ownerId: maria ?? null, invoice: { status: 'paid', number: 'DEMO-1001' } }),
    mine({
      key: 'demo-next-week', stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at(5, 10), serviceType: 'Basic Clean', skus: ['basic-2000'], ownerId: james ?? null,
      invoice: { status: 'open', number: 'DEMO-1002' },
      ticket: { key: 'demo-ticket-active', category: 'Reschedule Request', stage: '1' },
    }),
    mine({
      key: 'demo-payment', stageId: '1632009935', scheduledAt: at(9, 13), serviceType: 'Deep Clean', skus: ['deep-2000', 'addon-oven'],
      invoice: { status: 'open', number: 'DEMO-1003' },
      ticket: { key: 'demo-ticket-closed', category: 'Reschedule Request', stage: '1613485805' },
    }),
    mine({ key: 'demo-estimate', stageId: '1632009934', scheduledAt: null, serviceType: 'Move In/Out Clean', skus: ['move-2000'] }),
    // The quote the customer can approve or decline: $479 + $80, less $30 ($529).
    mine({
      key: 'demo-quote', stageId: STAGE.AWAITING_QUOTE_APPROVAL, scheduledAt: at(14, 9), serviceType: 'Recurring Deep Clean', skus: ['recurring-deep-2000', 'addon-oven'],
      quote: { serviceType: 'Recurring Clean', squareFootage: 2000, visitType: 'deep', frequency: 'bi-weekly', addOns: ['addon-oven'], adjustmentCents: -3_000, adjustmentReason: 'Returning customer' },
    }),
    // The demo cleaner's day (My day): one cleaning today and one tomorrow, so the door code
    // shows on today's and waits for tomorrow's.
    mine({ key: 'demo-cleaner-today', stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at(0, 13), serviceType: 'Basic Clean', skus: ['basic-2000', 'addon-oven'], ownerId: maria ?? null }),
    mine({ key: 'demo-cleaner-tomorrow', stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at(1, 10), serviceType: 'Deep Clean', skus: ['deep-2000'], ownerId: maria ?? null }),
    // History: seven entries, of which the portal shows the six most recent.
    mine({ key: 'demo-done-1', stageId: STAGE.CLEANING_DONE, scheduledAt: at(-6, 9, 30), serviceType: 'Deep Clean', skus: ['deep-2000'], ownerId: aisha ?? null, invoice: { status: 'paid', number: 'DEMO-0907' } }),
    mine({ key: 'demo-canceled', stageId: STAGE.CANCELED, scheduledAt: at(-13, 11), serviceType: 'Basic Clean', skus: ['basic-2000'], invoice: { status: 'voided', number: 'DEMO-0906' } }),
    mine({ key: 'demo-done-2', stageId: STAGE.CLEANING_DONE, scheduledAt: at(-20, 14), serviceType: 'Basic Clean', skus: ['basic-2000', 'addon-interior-windows'], ownerId: maria ?? null, invoice: { status: 'paid', number: 'DEMO-0905' } }),
    mine({ key: 'demo-quote-canceled', stageId: STAGE.QUOTE_CANCELED, scheduledAt: at(-30, 10), serviceType: 'Move In/Out Clean', skus: ['move-2000'] }),
    mine({ key: 'demo-done-3', stageId: STAGE.CLEANING_DONE, scheduledAt: at(-41, 9), serviceType: 'Deep Clean', skus: ['deep-2000'], ownerId: james ?? null, invoice: { status: 'paid', number: 'DEMO-0904' } }),
    mine({ key: 'demo-done-4', stageId: STAGE.CLEANING_DONE, scheduledAt: at(-70, 9), serviceType: 'Basic Clean', skus: ['basic-2000'], ownerId: aisha ?? null, invoice: { status: 'paid', number: 'DEMO-0903' } }),
    mine({ key: 'demo-done-5', stageId: STAGE.CLEANING_DONE, scheduledAt: at(-95, 10), serviceType: 'Deep Clean', skus: ['deep-2000'], ownerId: maria ?? null, invoice: { status: 'paid', number: 'DEMO-0902' } }),
  ];

  // The staff calendar opens on the current week (Sunday to Saturday): two cleanings on each
  // weekday, spread over the three cleaners.
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const owners = [maria, james, aisha];
  const calendarDeals: DemoDeal[] = [1, 2, 3, 4, 5].flatMap((day, i) =>
    OTHERS.map((person, j): DemoDeal => {
      const deep = (i + j) % 2 === 0;
      const band = person.squareFootage > 2000 ? '2001' : '1500';
      return {
        key: `demo-week-${day}-${person.key}`,
        person: person.key,
        stageId: STAGE.CLEANING_SCHEDULED,
        scheduledAt: at(day - weekday, j === 0 ? 9 : 14),
        serviceType: deep ? 'Deep Clean' : 'Basic Clean',
        skus: [`${deep ? 'deep' : 'basic'}-${band}`],
        ownerId: owners[(i + j) % owners.length] ?? null,
        invoice: null,
        ticket: null,
        quote: null,
      };
    }),
  );

  // New requests the office has not quoted yet (the today board's and the requests page's first items).
  const requestDeals: DemoDeal[] = OTHERS.map((person, j) => ({
    key: `demo-request-${person.key}`,
    person: person.key,
    stageId: STAGE.CLEAN_REQUESTED,
    scheduledAt: null,
    serviceType: j === 0 ? 'Move In/Out Clean' : 'Deep Clean',
    skus: [j === 0 ? 'move-1500' : 'deep-2001'],
    ownerId: null,
    invoice: null,
    ticket: null,
    quote: null,
  }));

  return { customer, people: [customer, ...OTHERS], deals: [...customerDeals, ...calendarDeals, ...requestDeals] };
}
