import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DealRequest } from '@app/shared/deal-request';
import { dealDetails } from '../common/deal-details-fixture';
import { DealRequestFacts } from './deal-request-facts';

const REQUEST: DealRequest = {
  source: 'public_form',
  submittedAt: '2026-12-02T15:00:00.000Z',
  serviceType: 'Recurring Clean',
  squareFootage: 1500,
  frequency: 'weekly',
  visitType: 'basic',
  addOns: [{ id: 'addon-oven', name: 'Oven', cents: 8_000 }],
  firstBookingDiscount: true,
  estimate: { lines: [], subtotalCents: 25_900, discountPercent: 10, discountCents: 2_590, totalCents: 23_310 },
  quoteType: 'virtual',
  contactMethod: 'text',
  consent: { version: '2026-11-30', words: 'I agree to be contacted.', textsAgreed: true, agreedAt: '2026-12-02T15:00:00.000Z' },
};

/** The text of each answer, keyed by its data-request name. */
const answers = (html: string) => Object.fromEntries([...html.matchAll(/data-request="([a-z-]+)">(.*?)<\/dd>/g)].map(([, key, text]) => [key, text!.replace(/<[^>]+>/g, '')]));

describe("the cleaning's request section", () => {
  it('shows everything the customer asked and agreed to, with the day they asked for as "Tue, Dec 8"', () => {
    const html = renderToStaticMarkup(<DealRequestFacts deal={dealDetails({ request: REQUEST, preferredDate: '2026-12-08', timeOfDay: 'morning', rooms: 'Kitchen, 2 bathrooms', notes: 'Two cats.' })} />);
    expect(answers(html)).toMatchObject({
      service: 'Recurring Clean · Basic visit, weekly',
      size: '1001-1500 sq ft',
      'add-ons': 'Oven ($80.00)',
      estimate: '$233.10 (with 10% off the first booking)',
      assessment: 'Virtual (video call)',
      contact: 'Text message',
    });
    expect(answers(html).consent).toContain('Agreed to be contacted, December 2, 2026 at 10:00 AM ET. Texts about this request: yes.');
    expect(html).toContain('I agree to be contacted.');
    expect(html).toContain('Tue, Dec 8, morning');
    expect(html).toContain('Kitchen, 2 bathrooms');
    expect(html).toContain('Two cats.');
  });

  it('for a deal made in HubSpot, still shows its rooms and notes', () => {
    const html = renderToStaticMarkup(<DealRequestFacts deal={dealDetails({ rooms: 'Kitchen' })} />);
    expect(html).toContain('What the customer asked for');
    expect(html).toContain('Kitchen');
    expect(html).not.toContain('data-request');
  });
});
