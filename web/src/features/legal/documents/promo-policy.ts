import { ASSESSMENT_LENGTH, ASSESSMENT_PRICE, DISCOUNT, questionsParagraph, whoWeAre } from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const promoPolicy: PolicyDocument = {
  slug: 'promo',
  title: 'First Booking Discount Terms',
  summary: `How the ${DISCOUNT} discount on your first residential cleaning booking works, who can use it and its limits.`,
  sections: (brand) => [
    {
      heading: 'The offer',
      paragraphs: [
        whoWeAre(brand),
        `New customers get ${DISCOUNT} off their first booking of a residential cleaning with ${brand.legalName}. The discount is taken off the price of the cleaning on that first booking, including any add-on services booked with it.`,
      ],
    },
    {
      heading: 'Who can use it',
      paragraphs: ['The offer is for customers who have not had a cleaning with us before.'],
      bullets: [
        'It can be used once per customer and once per service address.',
        'It applies to residential cleaning. Commercial cleaning is not part of the offer.',
        'It cannot be transferred to another person or address.',
      ],
    },
    {
      heading: 'How the discount is applied',
      paragraphs: [
        'You do not need a code. When you request your first cleaning, we apply the discount to the quote we prepare for you.',
        `Every booking starts with a ${ASSESSMENT_PRICE} ${ASSESSMENT_LENGTH} pre-visit assessment, in person or by video. After it we confirm the price of your cleaning, with the discount shown, before any work begins. The same discounted amount appears on your invoice.`,
        'If you think the discount is missing from your quote or invoice, tell us before you pay and we will correct it.',
      ],
    },
    {
      heading: 'Recurring service',
      paragraphs: [
        'If your first booking is a recurring plan, the discount applies to the first visit of the plan only. Later visits are charged at the recurring rate in your plan confirmation.',
      ],
    },
    {
      heading: 'Limits',
      paragraphs: ['A few conditions apply:'],
      bullets: [
        'The discount has no cash value and cannot be exchanged for cash or credit.',
        'It cannot be combined with other offers unless we tell you in writing that it can.',
        'If you cancel your first booking before it takes place, the offer stays available for the next booking you make.',
      ],
    },
    {
      heading: 'Changes to the offer',
      paragraphs: [
        'We may change or end this offer at any time for future requests. A booking whose quote already includes the discount keeps it.',
        questionsParagraph(brand),
      ],
    },
  ],
};
