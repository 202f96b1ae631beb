import { RECURRING_FREQUENCIES, type RecurringFrequency } from '@app/shared/constants';
import {
  ASSESSMENT_LENGTH,
  ASSESSMENT_PRICE,
  CHANGE_LOCK,
  DISCOUNT,
  FREQUENCIES,
  questionsParagraph,
  whoWeAre,
} from './policy-facts';
import type { PolicyDocument } from './policy-document';

/** What each frequency means in practice; "bi-weekly" in particular is ambiguous in everyday use. */
const FREQUENCY_MEANING: Record<RecurringFrequency, string> = {
  weekly: 'Weekly: one visit every week.',
  'bi-weekly': 'Bi-weekly: one visit every two weeks.',
  monthly: 'Monthly: one visit each month.',
};

export const subscriptionPolicy: PolicyDocument = {
  slug: 'subscription',
  title: 'Recurring Service Terms',
  summary: `How our recurring cleaning plans work: ${FREQUENCIES} visits, billing, skipping or changing a visit, and how to pause or end a plan.`,
  sections: (brand) => [
    {
      heading: 'What a recurring plan is',
      paragraphs: [
        whoWeAre(brand),
        `A recurring plan is a regular cleaning of your home by ${brand.legalName} on a set schedule, at the recurring rates shown on our Pricing page. You can choose a Basic or Deep recurring cleaning, ${FREQUENCIES}.`,
      ],
    },
    {
      heading: 'Frequencies',
      paragraphs: ['You choose how often we come:'],
      bullets: RECURRING_FREQUENCIES.map((frequency) => FREQUENCY_MEANING[frequency]),
    },
    {
      heading: 'Starting a plan',
      paragraphs: [
        `A plan starts like any booking: you send a request, we hold a ${ASSESSMENT_PRICE} ${ASSESSMENT_LENGTH} pre-visit assessment, and we confirm the price per visit, the frequency and the usual day and time of day before the first visit. That plan confirmation is your agreement for the plan.`,
        `If the plan is your first booking with us, the ${DISCOUNT} new-customer discount applies to the first visit only.`,
      ],
    },
    {
      heading: 'Billing',
      paragraphs: [
        'We invoice recurring visits as set out in your plan confirmation, and each invoice appears in the customer portal. Our Payment Policy applies to every invoice. The recurring rate depends on keeping the agreed frequency: if you move to less frequent visits, we confirm the new rate before it applies.',
      ],
    },
    {
      heading: 'Changing or skipping a visit',
      paragraphs: [
        `Each visit appears as a booking in the customer portal. You can ask to change or cancel a single visit there, but not within ${CHANGE_LOCK} of it. Our Cancellation and Rescheduling Policy applies to each visit.`,
      ],
    },
    {
      heading: 'Pausing, changing or ending the plan',
      paragraphs: [
        `To pause the plan, change its frequency or end it, e-mail ${brand.email} or use the Contact page, at least ${CHANGE_LOCK} before the next visit. Unless your plan confirmation says otherwise, there is no minimum number of visits and no fee for ending a plan. Visits more than ${CHANGE_LOCK} away are cancelled without charge; a visit within ${CHANGE_LOCK} follows the Cancellation and Rescheduling Policy.`,
      ],
    },
    {
      heading: 'Changes on our side',
      paragraphs: [
        'We tell you before a new rate applies, and you can end the plan instead of accepting it. If a visit falls on a holiday or we cannot come, we offer another date. We may end a plan with reasonable notice, and we refund any visit paid for but not provided.',
        questionsParagraph(brand),
      ],
    },
  ],
};
