/**
 * The company's identity, read by every page, policy and message: the one place to change it.
 * The repository carries demo values (DEMO_COMPANY); production values come from a JSON file or
 * the environment (runtime/src/company.ts), checked against company-schema.ts when the site is
 * built and when the api and worker start.
 */
import type { Company, OpeningSpan } from './company-schema';
import { WEEKDAYS, type Weekday } from './weekdays';

export type { Company, Testimonial } from './company-schema';

/** The trust statements in the order pages list them. */
export function trustStatements(company: Company): string[] {
  const { insurance, bond, backgroundCheck, guarantee } = company.statements;
  return [insurance, bond, backgroundCheck, guarantee];
}

/** Title of the home page, of the app shell and of any screen that does not set its own. */
export function defaultTitle(company: Company): string {
  return `${company.name} — ${company.tagline}`;
}

/** '8 AM', '8:30 AM', '12 PM' from a 24-hour 'HH:MM'. */
export function clockText(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Monday to Saturday', 'Monday and Wednesday', 'Monday to Wednesday and Friday'. */
function daysText(days: readonly Weekday[]): string {
  const ordered = WEEKDAYS.filter((day) => days.includes(day));
  const runs: Weekday[][] = [];
  for (const day of ordered) {
    const run = runs.at(-1);
    if (run && WEEKDAYS.indexOf(run.at(-1)!) === WEEKDAYS.indexOf(day) - 1) run.push(day);
    else runs.push([day]);
  }
  const parts = runs.flatMap((run) => (run.length >= 3 ? [`${run[0]} to ${run.at(-1)}`] : run));
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const spanText = (span: OpeningSpan) => `${daysText(span.days)}, ${clockText(span.opens)} to ${clockText(span.closes)}`;

/** When people can call, as pages show it: 'Monday to Saturday, 8 AM to 6 PM'. */
export function openingHoursText(company: Company): string {
  return company.openingHours.map(spanText).join('; ');
}

/** '123 Main St, Atlanta, GA 30303'. */
export function addressLine({ address }: Company): string {
  return `${address.street}, ${address.city}, ${address.state} ${address.zip}`;
}

/**
 * Demo values for development and tests: a fictional 555-01xx number, a reserved `.example`
 * address that never delivers, and sample reviews. A configuration file may not keep them
 * (runtime/src/company.ts refuses placeholders).
 */
export const DEMO_COMPANY: Company = {
  name: 'Atlanta Home Cleaning',
  legalName: 'Atlanta Home Cleaning LLC',
  tagline: 'Home & Office Cleaning in Metro Atlanta',
  established: 2025,
  phone: '+14045550100',
  email: 'hello@atlantahomecleaning.example',
  address: { street: '100 Demo Street NW, Suite 200', city: 'Atlanta', state: 'GA', zip: '30303' },
  openingHours: [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '08:00', closes: '18:00' }],
  region: 'the Atlanta, Georgia metro area',
  serviceArea: 'We clean homes across the Atlanta metro and a few communities in east Alabama.',
  social: {
    imageSharing: { label: 'Instagram', url: 'https://www.instagram.com/' },
    socialNetwork: { label: 'Facebook', url: 'https://www.facebook.com/' },
  },
  designerCredit: { label: 'Site design by the Atlanta Home Cleaning team', url: null },
  statements: {
    insurance: 'Licensed and insured for every home we clean.',
    bond: 'Bonded, so your home and belongings are covered.',
    backgroundCheck: 'Every cleaner is background-checked before the first visit.',
    guarantee: 'Satisfaction guarantee: tell us within 48 hours and we come back to fix it at no charge.',
  },
  guaranteeWindowHours: 48,
  // Thanksgiving, Christmas and New Year's Day: recurring plans' visits move off them.
  closedDays: ['2026-11-26', '2026-12-25', '2027-01-01', '2027-11-25', '2027-12-24', '2027-12-25', '2028-01-01'],
  // Paid before the office schedules the cleaning: an approved quote's invoice is due in three days.
  invoiceDueDays: 3,
  reviewSource: { label: 'Google', url: 'https://www.google.com/maps' },
  // The thank-you for a rating of 4 or 5 links here (a short review link fits the text).
  reviewUrl: 'https://g.page/r/atlanta-home-cleaning/review',
  // Texts are answered in the opening hours (no officeHours of their own).
  texting: { afterHoursReply: '{company}: thanks for your text. Our office is closed now. We will reply {reopens}.' },
  testimonials: [
    {
      quote: 'They arrived right on time, followed the checklist to the letter and left the kitchen looking better than the day we moved in.',
      name: 'Tasha R.',
      place: 'Decatur',
      rating: 5,
      source: 'Google',
      date: '2026-09',
    },
    {
      quote: 'The assessment call took fifteen minutes, and the price they confirmed was exactly what I paid. No surprises.',
      name: 'Michael B.',
      place: 'Marietta',
      rating: 5,
      source: 'Google',
      date: '2026-08',
    },
    {
      quote: 'Our move-out clean covered the inside of every cabinet and closet. The landlord walked through and signed off on the spot.',
      name: 'Priya S.',
      place: 'Sandy Springs',
      rating: 4,
      source: 'Google',
      date: '2026-10',
    },
  ],
};
