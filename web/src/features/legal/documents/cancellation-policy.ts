import { CHANGE_LOCK, CHANGE_LOCK_HOURS, questionsParagraph, whoWeAre } from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const cancellationPolicy: PolicyDocument = {
  slug: 'cancellation',
  title: 'Cancellation and Rescheduling Policy',
  summary: `How to change or cancel a cleaning, and why changes and cancellations are not available within ${CHANGE_LOCK} of the cleaning date.`,
  sections: (brand) => [
    {
      heading: 'Overview',
      paragraphs: [
        whoWeAre(brand),
        `Plans change, and we try to make rescheduling easy. We also reserve a team and travel time for every cleaning, so ${brand.legalName} needs notice to offer that time to someone else.`,
      ],
    },
    {
      heading: `The ${CHANGE_LOCK_HOURS}-hour rule`,
      paragraphs: [
        `Changes or cancellations are not available within ${CHANGE_LOCK} of your cleaning date and time. In the customer portal, the Change and Cancel buttons are switched off once your appointment is ${CHANGE_LOCK} away or less.`,
        'Appointment times are in Eastern Time.',
      ],
    },
    {
      heading: 'How to change or cancel',
      paragraphs: [
        'Sign in to the customer portal, find the booking and choose Change or Cancel. Tell us the reason, and for a change, what you would like to change:',
      ],
      bullets: [
        'Reschedule to another day',
        'Change service type',
        'Update square footage',
        'Other',
      ],
    },
    {
      heading: 'What happens next',
      paragraphs: [
        'A change or cancellation is a request: we review it and confirm it with you. While a request on a booking is open, the portal shows that it is in progress and you cannot send another one for the same booking. If a change affects the price, we confirm the new price before it applies.',
        `You can also e-mail ${brand.email}, but please do so more than ${CHANGE_LOCK} before the cleaning.`,
      ],
    },
    {
      heading: 'Cancelling in time',
      paragraphs: [
        `There is no charge for cancelling a booking more than ${CHANGE_LOCK} before the cleaning, or a request that has not been scheduled yet. If you have already paid, our Refund Policy explains how you get your money back.`,
      ],
    },
    {
      heading: 'Late cancellations and missed appointments',
      paragraphs: [
        `If something urgent comes up within ${CHANGE_LOCK} of your cleaning, e-mail us straight away. We will do what we can, but we cannot promise a change. A cleaning cancelled within ${CHANGE_LOCK}, or one our team cannot carry out because no one lets them in or the property is not safe to work in, may be charged up to its full price.`,
      ],
    },
    {
      heading: 'If we need to reschedule',
      paragraphs: [
        'If bad weather, illness or another problem stops us from coming, we will tell you as early as we can and offer a new date at no extra cost. If none suits you, we cancel the booking and refund anything you paid for it.',
      ],
    },
    {
      heading: 'Recurring service',
      paragraphs: [
        'The same rules apply to each visit of a recurring plan. To pause or end the plan itself, see our Recurring Service Terms.',
        questionsParagraph(brand),
      ],
    },
  ],
};
