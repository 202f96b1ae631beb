import { INVOICE_OPEN, INVOICE_PAID, INVOICE_VOIDED } from '@app/shared/texts';
import { ASSESSMENT_LENGTH, ASSESSMENT_PRICE, DISCOUNT, questionsParagraph, whoWeAre } from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const paymentsPolicy: PolicyDocument = {
  slug: 'payments',
  title: 'Payment Policy',
  summary:
    'How our prices are set and confirmed, how invoices work, when payment is due and what the invoice statuses in the customer portal mean.',
  sections: (brand) => [
    {
      heading: 'Prices',
      paragraphs: [
        whoWeAre(brand),
        'Our Pricing page shows starting prices for each service by home size, the hourly rate for organization, and the prices of add-on services.',
        `Your actual price is set after the ${ASSESSMENT_PRICE} ${ASSESSMENT_LENGTH} pre-visit assessment and confirmed in your quote before any work begins. Your first booking includes the ${DISCOUNT} new-customer discount described in our First Booking Discount Terms.`,
      ],
    },
    {
      heading: 'Invoices',
      paragraphs: [
        `Once you approve your quote, ${brand.legalName} sends you an invoice by e-mail. Each invoice has a number, the amount due and a link where you can view and pay it. You can also find your invoices in the customer portal, with a link to each invoice and a PDF copy.`,
      ],
    },
    {
      heading: 'When payment is due',
      paragraphs: [
        'We generally ask you to pay the invoice before we finalize your appointment on our schedule. The due date is shown on the invoice. If extra work is agreed on the day, we invoice it afterwards and it is due by the date on that invoice.',
      ],
    },
    {
      heading: 'How to pay',
      paragraphs: [
        'Pay online using the link on your invoice, or by another method listed on the invoice. Online payments are handled by a payment processor, which receives your card or bank details directly; we do not store them on our website.',
      ],
    },
    {
      heading: 'Invoice status in the customer portal',
      paragraphs: ['Each booking in the portal shows the status of its invoice:'],
      bullets: [
        // The portal's own labels, so the policy explains exactly the words customers see there.
        `${INVOICE_PAID}: we have received your payment.`,
        `${INVOICE_OPEN}: the invoice is open and payment is still due.`,
        `${INVOICE_VOIDED}: the invoice was cancelled and nothing is owed on it.`,
      ],
    },
    {
      heading: 'Unpaid invoices',
      paragraphs: [
        'If an invoice is not paid by its due date, we will remind you. We may hold off scheduling a booking, or pause future visits, until the balance is paid. If you are having trouble paying, please talk to us.',
      ],
    },
    {
      heading: 'Price changes',
      paragraphs: [
        'The price in your confirmed quote applies to the booking it was given for. Prices on our website may change for future bookings. For recurring service, we tell you about a new rate before the first invoice it applies to.',
      ],
    },
    {
      heading: 'Billing questions',
      paragraphs: [
        `If an invoice looks wrong, e-mail ${brand.email} with the invoice number before paying and we will check it. Refunds are covered by our Refund Policy.`,
        questionsParagraph(brand),
      ],
    },
  ],
};
