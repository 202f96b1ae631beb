import { issueReportWindow, questionsParagraph, whoWeAre } from './policy-facts';
import type { PolicyDocument } from './policy-document';

export const limitedLiabilityPolicy: PolicyDocument = {
  slug: 'limited-liability',
  title: 'Limitation of Liability',
  summary:
    'What we are responsible for if something goes wrong during a cleaning, how to report damage, and the limits of our liability under Georgia law.',
  sections: (brand) => [
    {
      heading: 'Why this policy exists',
      paragraphs: [
        whoWeAre(brand),
        `Our team takes care in every home. Accidents can still happen, so this policy explains plainly what ${brand.legalName} will do if something is damaged, and where our responsibility ends.`,
      ],
    },
    {
      heading: 'If something is damaged during a cleaning',
      paragraphs: [
        `Tell us within ${issueReportWindow(brand)} of the cleaning, by e-mail to ${brand.email}, with a description and photos if you can. Please keep the damaged item until we have looked at it.`,
        'We will look into what happened. If our team caused the damage, we will, at our choice, repair the item, replace it with a similar one, or pay the reasonable cost of repair or its current value, whichever is lower.',
      ],
    },
    {
      heading: 'What we are not responsible for',
      paragraphs: ['Unless the loss was caused by our negligence, we are not responsible for:'],
      bullets: [
        'Wear and tear, or damage or defects that existed before the cleaning.',
        'Items that were already loose, broken, unstable or badly installed.',
        'Damage from cleaning a surface or item in the way you asked, or with products you supplied.',
        'Surfaces or items needing special care that you did not tell us about.',
        'Cash, jewelry and other valuables that were not put away.',
        'Damage reported after the reporting period above, when we can no longer tell what caused it.',
      ],
    },
    {
      heading: 'Limits on the amount of liability',
      paragraphs: [
        'Apart from damage handled as described above, our total liability for any claim about a cleaning is limited to the amount you paid for that cleaning.',
        'We are not liable for indirect or consequential losses, such as lost income, lost time or the cost of other arrangements you make, to the extent the law allows.',
      ],
    },
    {
      heading: 'Partners and other businesses',
      paragraphs: [
        'We may point you to partner businesses, such as the repair partner mentioned on our About page. Partners are independent businesses: their work is agreed between you and them, and they are responsible for it.',
        'Our website and portal rely on other companies, such as our customer relationship system and our SMS provider. We are not responsible for delays or outages on their side, including text messages that your carrier does not deliver.',
      ],
    },
    {
      heading: 'Our website',
      paragraphs: [
        'We work to keep our website accurate and available, but we provide it as it is. Prices shown are starting prices and the zip code checker is a guide; the price and details in your confirmed quote are the ones that apply.',
      ],
    },
    {
      heading: 'Events outside our control',
      paragraphs: [
        'If severe weather, illness, road closures or other events outside our control stop us from cleaning as planned, we will tell you as early as we can and offer another date. If no suitable date works for you, our Refund Policy applies.',
      ],
    },
    {
      heading: 'What this policy does not limit',
      paragraphs: [
        'Nothing in this policy limits our liability for gross negligence, willful misconduct or fraud, or any other liability that cannot be limited under Georgia law or your rights as a consumer.',
        questionsParagraph(brand),
      ],
    },
  ],
};
