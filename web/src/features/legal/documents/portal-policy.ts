import {
  CHANGE_LOCK,
  CODE_DIGITS,
  HISTORY_LIMIT,
  PORTAL_DAYS_AHEAD,
  questionsParagraph,
  whoWeAre,
} from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const portalPolicy: PolicyDocument = {
  slug: 'portal',
  title: 'Customer Portal Terms of Use',
  summary:
    'Who can use the customer portal, how sign-in with a one-time text code works, what the portal shows, and the rules for requests made through it.',
  sections: (brand) => [
    {
      heading: 'What the portal is for',
      paragraphs: [
        whoWeAre(brand),
        `The ${brand.legalName} customer portal lets you see your account details, your upcoming cleanings and your ${HISTORY_LIMIT} most recent past cleanings, each with its status, date and invoice status. From the portal you can ask to change or cancel a booking and request a new cleaning.`,
      ],
    },
    {
      heading: 'Who can use it',
      paragraphs: [
        'The portal is for our customers. Access becomes available once you have a booking with us or we have invited you, so it may not work straight after your very first request. We may suspend access to protect an account or to stop misuse; if that happens, contact us.',
      ],
    },
    {
      heading: 'Signing in',
      paragraphs: [
        `Enter the e-mail address and mobile number we have on file for you. We text a ${CODE_DIGITS} one-time code to that number; enter it to sign in. Only US numbers (+1) are supported, and standard messaging rates may apply. By asking for a code you agree to receive that text message.`,
        'Each code works once and only for a short time. Never share your code: we will never ask you for it.',
      ],
    },
    {
      heading: 'Keeping your account safe',
      paragraphs: [
        'You are responsible for the security of your phone and e-mail account, and for what is done in the portal with your sign-in. Log out when you finish, especially on a shared device. Tell us straight away if you lose your phone or think someone else has used your account.',
      ],
    },
    {
      heading: 'What the portal shows',
      paragraphs: [
        'Bookings marked Not confirmed are still being arranged and have no confirmed appointment yet. Dates and times are in Eastern Time. The portal shows information from our customer records and may take a short time to reflect recent changes. Your confirmed quote and invoices are what count; if something in the portal looks wrong, contact us.',
      ],
    },
    {
      heading: 'Requests made in the portal',
      paragraphs: ['When you use the portal to make a request:'],
      bullets: [
        `New cleanings must be requested at least ${PORTAL_DAYS_AHEAD} ahead. The portal offers the services that fit the square footage on your account; add-ons are optional.`,
        'A new cleaning, change or cancellation request is confirmed only when we confirm it. We confirm any price before work begins.',
        `Changes and cancellations are not available within ${CHANGE_LOCK} of the cleaning date.`,
        'While a change or cancellation request on a booking is in progress, you cannot send another for the same booking.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Use the portal only for your own account. Do not try to see other customers\' information, get around sign-in, overload the portal, or access it with automated tools.',
      ],
    },
    {
      heading: 'Availability',
      paragraphs: [
        `We aim to keep the portal available, but it may sometimes be down for maintenance or because of a problem with one of our service providers. If you cannot sign in, or a code does not arrive, e-mail ${brand.email} and we will help.`,
      ],
    },
    {
      heading: 'Your information',
      paragraphs: [
        'Our Privacy Policy explains how we handle the information in your account, and our Cookie Policy describes the session cookie that keeps you signed in. You can ask us to close your portal access at any time.',
        questionsParagraph(brand),
      ],
    },
  ],
};
