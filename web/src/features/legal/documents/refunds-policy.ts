import { INVOICE_VOIDED } from '@app/shared/texts';
import { CHANGE_LOCK, issueReportWindow, questionsParagraph, whoWeAre } from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const refundsPolicy: PolicyDocument = {
  slug: 'refunds',
  title: 'Refund Policy',
  summary:
    'What we do if you are not happy with a cleaning, when a payment is refunded, and how refunds are paid.',
  sections: (brand) => [
    {
      heading: 'Our approach',
      paragraphs: [
        whoWeAre(brand),
        `${brand.legalName} wants every cleaning to match what we agreed in your quote. If it does not, we would rather put it right than leave you unhappy, so our first step is to come back and fix what was missed.`,
      ],
    },
    {
      heading: 'If something was missed',
      paragraphs: [
        `Tell us within ${issueReportWindow(brand)} of the cleaning: with "Something was missed" on the cleaning in the customer portal, by e-mail to ${brand.email} or through the Contact page. Say which areas were missed and, if you can, e-mail us photos. Please leave those areas as they are until we have looked at them.`,
        'If the work fell short of your quote, we will return to re-clean those areas at no charge, at a time that suits you.',
      ],
    },
    {
      heading: 'When we give money back',
      paragraphs: ['We refund in these cases:'],
      bullets: [
        'If a re-clean is not possible or does not fix the problem, we refund part or all of the price of that cleaning, depending on how much of the agreed work was not done properly.',
        `If you cancel a paid booking more than ${CHANGE_LOCK} before the cleaning, we refund the full amount paid for it.`,
        'If we cancel a paid booking and no other date suits you, we refund the full amount paid for it.',
        'If you were charged more than your confirmed quote, we refund the difference.',
      ],
    },
    {
      heading: 'When refunds are not given',
      paragraphs: ['We do not normally refund:'],
      bullets: [
        'Cleanings completed as quoted where no problem was reported within the reporting period.',
        `Cleanings cancelled by you within ${CHANGE_LOCK} of the appointment, or missed because our team could not get in.`,
        'Work you chose not to have done on the day, such as an add-on you declined once the team was there, unless we agree otherwise.',
      ],
    },
    {
      heading: 'Unpaid and voided invoices',
      paragraphs: [
        `If a booking is cancelled before its invoice is paid, we void the invoice and nothing is owed. The customer portal then shows the invoice as ${INVOICE_VOIDED}.`,
      ],
    },
    {
      heading: 'How refunds are paid',
      paragraphs: [
        'Refunds go back to the card or account you paid with. We start the refund as soon as we have agreed it with you. How long it takes to reach you depends on your bank or card provider. If you prefer, we can instead credit the amount to a future cleaning.',
      ],
    },
    {
      heading: 'Disputes',
      paragraphs: [
        'Please talk to us before disputing a payment with your bank: we can usually resolve problems faster directly.',
        questionsParagraph(brand),
      ],
    },
  ],
};
