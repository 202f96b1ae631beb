import { FIRST_BOOKING_DISCOUNT_PERCENT } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';

/** docs/product.md §2 Home: the three solution cards (residential, move in/out, commercial coming soon). */
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
