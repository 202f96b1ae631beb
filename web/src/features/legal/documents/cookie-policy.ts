import { questionsParagraph, whoWeAre } from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const cookiePolicy: PolicyDocument = {
  slug: 'cookie',
  title: 'Cookie Policy',
  summary:
    'The few cookies and browser storage our website uses, why they are needed, and how to control them. We do not use advertising or analytics cookies.',
  sections: (brand) => [
    {
      heading: 'In short',
      paragraphs: [
        whoWeAre(brand),
        `The ${brand.name} website uses only what it needs to work: a cookie that keeps you signed in to the customer portal, and a note in your browser that remembers your answer to the cookie notice. We do not use advertising cookies, analytics tools or tracking pixels.`,
      ],
    },
    {
      heading: 'What cookies and local storage are',
      paragraphs: [
        'A cookie is a small piece of text that a website asks your browser to keep and send back on later visits. Local storage is a similar place in your browser where a website can keep small notes. Neither can run programs or read other files on your device.',
      ],
    },
    {
      heading: 'The session cookie',
      paragraphs: [
        'When you sign in to the customer portal, we set a cookie that holds a random session identifier. It lets our server recognize that you are signed in, so that you can see your own bookings and invoices. It contains no personal details. It stops working when you log out or when the session expires.',
        'Our staff use the same kind of cookie when they sign in to their own area of the site.',
        'This cookie is strictly necessary: without it you cannot stay signed in to the portal.',
      ],
    },
    {
      heading: 'Your cookie notice choice',
      paragraphs: [
        'When you choose Got it on our cookie notice, your browser saves a small entry in its local storage that records your choice, so the notice is not shown again. The entry contains no personal information, stays only on your device and is never sent to us. The notice keeps appearing until that entry is saved.',
      ],
    },
    {
      heading: 'Other websites',
      paragraphs: [
        'Our website links to other sites, such as our social media pages, and invoice payment pages are run by our service providers. Those sites may set their own cookies once you open them; their own policies apply.',
      ],
    },
    {
      heading: 'Managing cookies',
      paragraphs: [
        'Your browser settings let you block or delete cookies and site data. If you block our session cookie, you will not be able to sign in to the customer portal. If you clear your browser storage, the cookie notice will appear again.',
      ],
    },
    {
      heading: 'Changes',
      paragraphs: [
        'If we start using other cookies, for example to measure how the site is used, we will update this policy first and ask for your consent where required.',
        questionsParagraph(brand),
      ],
    },
  ],
};
