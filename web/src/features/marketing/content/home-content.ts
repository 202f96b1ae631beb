import { FIRST_BOOKING_DISCOUNT_PERCENT } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';

/** Spec §2 Home: the three solution cards (residential, move in/out, commercial coming soon). */
export const SOLUTIONS = [
  {
    title: 'Residential Cleaning',
    text: `Basic and deep cleans for houses, condos and apartments, one time or weekly, bi-weekly or monthly. ${FIRST_BOOKING_DISCOUNT_PERCENT}% off your first booking.`,
    link: { to: CLIENT_ROUTES.pricing, label: 'Residential prices' },
    soon: false,
  },
  {
    title: 'Move In / Move Out',
    text: 'Empty-home cleaning for renters, owners and landlords, inside cabinets and closets included, so you can hand over the keys with confidence.',
    link: { to: CLIENT_ROUTES.pricing, label: 'Move service prices' },
    soon: false,
  },
  {
    title: 'Commercial Cleaning',
    text: 'Offices, studios and small businesses. Our commercial service is on its way; leave your details and we will let you know when it opens.',
    link: { to: CLIENT_ROUTES.comingSoon, label: 'Get notified' },
    soon: true,
  },
] as const;

/** Spec §2 Home: three static testimonials. */
export const TESTIMONIALS = [
  {
    quote: 'They arrived right on time, followed the checklist to the letter and left the kitchen looking better than the day we moved in.',
    name: 'Tasha R.',
    place: 'Decatur',
  },
  {
    quote: 'The assessment call took fifteen minutes, and the price they confirmed was exactly what I paid. No surprises.',
    name: 'Michael B.',
    place: 'Marietta',
  },
  {
    quote: 'Our move-out clean covered the inside of every cabinet and closet. The landlord walked through and signed off on the spot.',
    name: 'Priya S.',
    place: 'Sandy Springs',
  },
] as const;
