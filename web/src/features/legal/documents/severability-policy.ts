import { questionsParagraph, whoWeAre } from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const severabilityPolicy: PolicyDocument = {
  slug: 'severability',
  title: 'Severability and General Terms',
  summary:
    'How our policies fit together, what happens if part of one cannot be enforced, and other general terms that apply to all of them.',
  sections: (brand) => [
    {
      heading: 'Scope',
      paragraphs: [
        whoWeAre(brand),
        `This policy applies to every policy on the Legal page of our website and to the Terms of Service. Together with your confirmed quote, they make up the agreement between you and ${brand.legalName}.`,
      ],
    },
    {
      heading: 'Severability',
      paragraphs: [
        'If a court or other authority decides that any part of our terms or policies is invalid or cannot be enforced, that part is changed only as much as needed to make it enforceable, or removed if that is not possible. The rest stays in full effect.',
      ],
    },
    {
      heading: 'Which document applies first',
      paragraphs: ['If two documents say different things, they apply in this order:'],
      bullets: [
        'Your confirmed quote or plan confirmation, for the booking it covers.',
        'The policy that deals specifically with the subject, such as the Cancellation and Rescheduling Policy for cancellations.',
        'The Terms of Service.',
      ],
    },
    {
      heading: 'No waiver',
      paragraphs: [
        'If we do not enforce a term straight away, or make an exception once, we have not given up the right to enforce it later.',
      ],
    },
    {
      heading: 'Transfer',
      paragraphs: [
        'You may not transfer your rights under these terms to someone else without our written agreement. We may transfer ours if our business is sold or reorganized, and the new owner must honor bookings already confirmed.',
      ],
    },
    {
      heading: 'Headings and examples',
      paragraphs: [
        'Headings are there to make our policies easier to read and do not change their meaning. Words like "for example" and "such as" introduce examples, not complete lists.',
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'Our terms and policies are governed by the laws of the State of Georgia, as described in the Terms of Service.',
        questionsParagraph(brand),
      ],
    },
  ],
};
