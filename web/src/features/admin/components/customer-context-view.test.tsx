import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CustomerContext } from '@app/shared/entities';
import { CustomerContextView } from './customer-context-view';

const context: CustomerContext = {
  name: 'Pat Customer',
  email: 'pat@example.com',
  phone: '+14045550123',
  status: null,
  lifecycle: null,
  hubspotId: '',
  deals: [],
  tasks: [],
  subscriptions: [],
  activities: [],
  notes: [],
  messages: [],
  textsOptOut: null,
  textsHeld: null,
};

const textsFact = (c: CustomerContext) => /<dt>Texts<\/dt><dd>(.*?)<\/dd>/.exec(renderToStaticMarkup(<CustomerContextView context={c} />))?.[1];

describe('CustomerContextView texts', () => {
  it('says the phone takes texts, is held back (why and since when), or opted out', () => {
    expect(textsFact(context)).toBe('Receiving texts');
    const held = textsFact({ ...context, textsHeld: { since: '2026-11-23T15:00:00.000Z', errorCode: 30006, why: 'Twilio reported a landline or an unreachable carrier (30006), on the reminder text' } });
    expect(held).toContain('data-texts-held');
    expect(held).toContain('Only login codes since');
    expect(held).toContain('Nov');
    expect(held).toContain('Twilio reported a landline or an unreachable carrier (30006), on the reminder text');
    expect(held).toContain('until one is delivered or the customer signs in to the portal');
    // An opt-out says more than a hold: nothing goes, login codes included.
    const both = textsFact({ ...context, textsHeld: { since: '2026-11-23T15:00:00.000Z', errorCode: 30007, why: 'x' }, textsOptOut: { since: '2026-11-22T15:00:00.000Z', how: 'replied STOP' } });
    expect(both).toContain('data-texts-opted-out');
    expect(both).not.toContain('data-texts-held');
  });
});
