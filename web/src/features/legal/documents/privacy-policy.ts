import { CONTACT_PROMISE, questionsParagraph, textProgramParagraphs, whoWeAre } from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const privacyPolicy: PolicyDocument = {
  slug: 'privacy',
  title: 'Privacy Policy',
  summary:
    'What personal information we collect through our website, booking forms and customer portal, how we use it, who helps us process it, and the choices you have.',
  sections: (brand) => [
    {
      heading: 'About this policy',
      paragraphs: [
        whoWeAre(brand),
        `This policy explains how ${brand.legalName} handles personal information collected through our website, booking and contact forms, customer portal, text messages and e-mails. It applies to customers and visitors. We do not sell your personal information.`,
      ],
    },
    {
      heading: 'Information you give us',
      paragraphs: ['We only ask for what we need to answer you and to provide a cleaning.'],
      bullets: [
        'Booking requests: your name, e-mail address, phone number, service address, home size in square feet, which rooms you want cleaned, the service you chose, your preferred date and time of day, whether you want an in-person or virtual assessment, how you prefer to be contacted and anything you tell us in the description.',
        'Contact form: your name, e-mail address, phone number, booking reference if you have one, the reason you are writing and your message.',
        'Notify-me sign-up: your first name, e-mail address, zip code and the kind of service you are interested in.',
        'Customer portal: your e-mail address and mobile number to sign in, and the reasons you give when you ask to change or cancel a booking or request a new cleaning.',
        'Anything else you tell us by e-mail, phone or text, or during your assessment and visits, such as access instructions, pets or allergies.',
      ],
    },
    {
      heading: 'Photos in the booking form',
      paragraphs: [
        'The booking form lets you pick photos of the space to be cleaned. The current version of the form does not upload them to us with your request: they stay on your device. If you would like us to see photos, you can share them during your assessment.',
      ],
    },
    {
      heading: 'Information collected automatically',
      paragraphs: ['A small amount of information is recorded as you use the website and the portal.'],
      bullets: [
        'When you sign in to the customer portal, we set a session cookie so that you stay signed in. Our servers keep a record of the session, including the browser type and IP address it was opened from, to protect your account.',
        'When you request a sign-in code, we record the IP address of the request so that we can limit repeated attempts.',
        'When you send a booking request, we keep a scrambled (hashed) form of your IP address instead of the address itself, to stop abuse of the form.',
        'Your choice on the cookie notice is kept in your own browser, not on our servers. Our Cookie Policy has the details.',
        'We do not use advertising cookies, analytics tools or third-party tracking scripts on our website.',
      ],
    },
    {
      heading: 'Information from our work for you',
      paragraphs: [
        'As we serve you we add records of our own: notes from your assessment, quotes, the status of your bookings, scheduled dates, invoices and whether they are paid, and the requests you make in the portal.',
      ],
    },
    {
      heading: 'How we use your information',
      paragraphs: ['We use personal information to run our cleaning business and serve you:'],
      bullets: [
        `To contact you within ${CONTACT_PROMISE} of your booking request, arrange your assessment and prepare your quote.`,
        'To schedule, carry out and follow up on your cleanings.',
        'To send invoices and show your bookings and invoices in the customer portal.',
        'To send the one-time codes that let you sign in to the portal.',
        'To answer questions, complaints and change or cancellation requests.',
        'If you join our notify-me list, to tell you when we start serving your area.',
        'To keep our website and your account secure, prevent fraud and abuse, and meet our legal, tax and accounting obligations.',
      ],
    },
    {
      heading: 'Service providers we use',
      paragraphs: [
        'We share personal information only with companies that help us run the business, and only what each one needs. They act on our behalf under their own privacy and security terms.',
      ],
      bullets: [
        'HubSpot, our customer relationship management (CRM) system. It stores customer details, booking requests, quotes, invoices and support requests, and provides the invoice pages and PDF copies you can open from the portal.',
        'Twilio, our SMS provider. It receives your mobile number and the text of each message so that it can deliver our texts.',
        'The company that hosts our website and database.',
        'The payment processor that handles online invoice payments. It receives your card or bank details directly; we do not store them on our website.',
      ],
    },
    {
      heading: 'Other times we may share information',
      paragraphs: ['We may also share personal information:'],
      bullets: [
        'When the law requires it, for example in response to a valid court order.',
        'To protect the rights, property or safety of our customers, our team or the public.',
        'If our business is sold or merged, to the new owner, who must keep treating your information in line with this policy.',
        'With anyone else when you ask us to or agree to it.',
      ],
    },
    {
      heading: 'Text messages',
      paragraphs: [
        ...textProgramParagraphs(brand),
        'We do not sell or share your mobile number, or your consent to receive texts, with anyone for their own marketing. We keep a record of what you agreed to about texts, and when.',
      ],
    },
    {
      heading: 'How long we keep information',
      paragraphs: [
        'We keep customer records while you are our customer and afterwards for as long as we need them for tax, accounting and legal reasons, or to settle a dispute. Sign-in codes expire soon after they are sent and are stored only in a scrambled form. Portal sessions end when you log out or when they expire. If you ask us to delete your information, we delete what we are not required to keep.',
      ],
    },
    {
      heading: 'How we protect information',
      paragraphs: [
        'Only the staff who need your information to serve you can see it. Portal sign-in requires a one-time code sent to your phone, and we store sign-in codes only in scrambled form. No system is completely secure, so please tell us straight away if you think your account has been misused.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: ['Whether or not the law where you live requires it, you can:'],
      bullets: [
        'Ask for a copy of the personal information we hold about you.',
        'Ask us to correct information that is wrong or out of date.',
        'Ask us to delete your information, except what we must keep by law.',
        'Leave the notify-me list or stop other e-mails at any time by telling us.',
        'Block or delete cookies and site data in your browser; the customer portal needs its session cookie to work.',
      ],
    },
    {
      heading: 'Making a request',
      paragraphs: [
        `To use any of these choices, e-mail ${brand.email}. We may need to confirm your identity before we act, and we will reply within a reasonable time.`,
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'Our services are for adults. We do not knowingly collect personal information from children under 13. If you believe a child has given us information, contact us and we will delete it.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this policy as our services change. The effective date at the top shows when it last changed. If a change significantly affects how we use your information, we will tell customers by e-mail or on our website before it takes effect.',
        questionsParagraph(brand),
      ],
    },
  ],
};
