import { CODE_DIGITS, CONTACT_PROMISE, questionsParagraph, whoWeAre } from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const contactPolicy: PolicyDocument = {
  slug: 'contact',
  title: 'Contact and Communications Policy',
  summary:
    'How to reach us, how and when we contact you by phone, text and e-mail, and how to stop messages you no longer want.',
  sections: (brand) => [
    {
      heading: 'How to reach us',
      paragraphs: [whoWeAre(brand), 'You can reach us in three ways:'],
      bullets: [
        `E-mail: ${brand.email}`,
        'The Contact page on our website, for general questions and service inquiries.',
        'The customer portal, to ask for a change or cancellation of a booking or to request a new cleaning.',
      ],
    },
    {
      heading: 'When we reply',
      paragraphs: [
        `We contact you within ${CONTACT_PROMISE} of a booking request. We answer other messages as quickly as we can. If a message is about a cleaning happening soon, please say so at the start.`,
      ],
    },
    {
      heading: 'Your consent to be contacted',
      paragraphs: [
        `When you tick the consent box on a booking or contact form, you allow ${brand.legalName} to contact you about that request at the phone number and e-mail address you gave, by phone call, text message or e-mail. We use the method you said you prefer whenever we can.`,
        'We use this consent only for your request, your assessment, your bookings and your invoices. It is not consent to marketing.',
      ],
    },
    {
      heading: 'Text messages',
      paragraphs: [
        `When you sign in to the customer portal, we text a ${CODE_DIGITS} one-time code to your mobile number. You receive one message each time you ask for a code. Standard messaging rates from your carrier may apply, and only US numbers (+1) are supported.`,
        'You can reply STOP to stop receiving our texts, or HELP for help. While texts are stopped we cannot send you sign-in codes; reply START to receive them again, or e-mail us to manage your bookings.',
      ],
    },
    {
      heading: 'E-mail',
      paragraphs: [
        'We e-mail you about your requests, quotes, appointments and invoices. Invoices may be sent through our customer relationship system on our behalf. If you join our notify-me list, we e-mail you when we start serving your area; you can ask to be removed at any time.',
      ],
    },
    {
      heading: 'Protect yourself from scams',
      paragraphs: [
        `We will never ask you for your portal sign-in code by phone, text or e-mail. Do not share it with anyone. If you receive a message claiming to be from us that looks wrong, forward it to ${brand.email} before acting on it.`,
      ],
    },
    {
      heading: 'Formal notices',
      paragraphs: [
        `Legal notices to us should be sent by e-mail to ${brand.email}. We send notices to you at the e-mail address we have on file for you, so please keep it up to date.`,
        questionsParagraph(brand),
      ],
    },
  ],
};
