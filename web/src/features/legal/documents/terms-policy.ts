import {
  ASSESSMENT_LENGTH,
  ASSESSMENT_PRICE,
  BASIC_DURATION,
  BOOKING_DAYS_AHEAD,
  CHANGE_LOCK,
  CONTACT_PROMISE,
  DEEP_DURATION,
  PORTAL_DAYS_AHEAD,
  questionsParagraph,
  textProgramParagraphs,
  whoWeAre,
} from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const termsPolicy: PolicyDocument = {
  slug: 'terms',
  title: 'Terms of Service',
  summary:
    'The terms for using our website and booking home cleaning: how requests, assessments, quotes and appointments work, and what we and you each agree to.',
  sections: (brand) => [
    {
      heading: 'Agreement',
      paragraphs: [
        whoWeAre(brand, 'these terms'),
        `These terms are the agreement between you and ${brand.legalName} when you use our website or customer portal or book a cleaning with us. By doing so you accept them. The other policies on our Legal page (promotions, privacy, limitation of liability, contact, cancellation, refunds, payments, severability, cookies, recurring service and the customer portal) form part of these terms.`,
        'To book a cleaning you must be at least 18 years old and have the right to let us into the property.',
      ],
    },
    {
      heading: 'Our services',
      paragraphs: [
        `We offer residential cleaning (Basic, Deep and Recurring cleaning), move in / move out cleaning and hourly home organization in ${brand.region}. Commercial cleaning is not available yet. The zip code checker on our website shows whether we serve your area. You may still send a request from outside it, but we can only take the booking if we are able to serve the address.`,
        `Basic cleanings are planned to take up to ${BASIC_DURATION} and Deep cleanings up to ${DEEP_DURATION}. Your confirmed quote describes exactly what is included.`,
      ],
    },
    {
      heading: 'Booking requests are not confirmed appointments',
      paragraphs: [
        `A request sent from our website or the customer portal asks us to clean on the date you prefer. It is not a confirmed appointment until we confirm it. Requests from the website need a date at least ${BOOKING_DAYS_AHEAD} ahead, and requests from the portal at least ${PORTAL_DAYS_AHEAD} ahead. We contact you within ${CONTACT_PROMISE} of your request.`,
        'Please give us accurate information about your home. The size, number of rooms and condition of the space affect the time and price of the work.',
      ],
    },
    {
      heading: 'Assessment and price',
      paragraphs: [
        `Every booking starts with a ${ASSESSMENT_PRICE} ${ASSESSMENT_LENGTH} pre-visit assessment, in person or by video, so that we understand the job. Prices on our website are starting prices based on the size of your home. After the assessment we confirm the price and what it covers, and we start work only after you have approved it.`,
        'If on the day the job turns out to be clearly different from what was described, for example more rooms or much heavier soiling, we will talk to you before doing extra work. Any change in price needs your approval.',
      ],
    },
    {
      heading: 'Appointments',
      paragraphs: [
        'All dates and times are in Eastern Time. We arrive within the time of day agreed for your appointment. If we are running late, we will let you know.',
        `You can ask to change or cancel a booking through the customer portal, except within ${CHANGE_LOCK} of the cleaning. Our Cancellation and Rescheduling Policy explains the details.`,
      ],
    },
    {
      heading: 'What we ask of you',
      paragraphs: ['To let our team work safely and well, please:'],
      bullets: [
        'Give us access to the property at the agreed time, or clear instructions for getting in.',
        'Make sure running water and electricity are available.',
        'Keep pets secured or tell us about them in advance.',
        'Put away cash, jewelry, documents, and fragile or very valuable items.',
        'Tell us in advance about surfaces that need special care, and about anything hazardous such as mold, pests, or broken glass.',
        'Tell us about allergies or products you want us to use or avoid.',
      ],
    },
    {
      heading: 'Work we may decline',
      paragraphs: [
        'Our team may decline or stop work that is unsafe, for example biohazards, hazardous materials, heavy lifting or work at heights without safe access, or work that is outside the confirmed quote. If that happens we will explain why and agree the next step with you.',
      ],
    },
    {
      heading: 'Payment, refunds and liability',
      paragraphs: [
        'How and when you pay is set out in our Payment Policy; what happens if you are not satisfied is in our Refund Policy; and the limits of our responsibility are in our Limitation of Liability policy.',
      ],
    },
    {
      heading: 'Using our website',
      paragraphs: [
        'Please use our website and portal only for their intended purpose. Do not try to access other people\'s information, interfere with the site\'s operation, or collect its content by automated means.',
        `The text, design and logos of our website belong to ${brand.legalName}. Images we did not make ourselves are used under their licences, which are credited at the foot of every page.`,
        'Starting prices, service areas and other information on the website may change, and the price confirmed in your quote is the one that applies.',
      ],
    },
    {
      heading: 'Text messages',
      paragraphs: textProgramParagraphs(brand),
    },
    {
      heading: 'Governing law and disputes',
      paragraphs: [
        'These terms are governed by the laws of the State of Georgia. If something goes wrong, please contact us first: most problems can be solved quickly that way. If a dispute cannot be resolved informally, it will be decided by the state or federal courts located in Georgia, unless the law gives you the right to bring it elsewhere.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        'We may update these terms. The effective date at the top shows when they last changed. A booking already confirmed stays under the terms that applied when it was confirmed, unless you agree otherwise.',
        questionsParagraph(brand, 'these terms'),
      ],
    },
  ],
};
