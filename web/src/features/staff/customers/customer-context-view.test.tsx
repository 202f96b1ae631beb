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

  it('says only login codes go when the newest booking left the text box unticked', () => {
    const declined = textsFact({ ...context, textsNotAgreed: { since: '2026-11-23T15:00:00.000Z', reference: 'ATL-7K3F', form: 'booking' } });
    expect(declined).toContain('data-texts-not-agreed');
    expect(declined).toContain('Only login codes: the text box was left unticked on the booking form');
    expect(declined).toContain('ATL-7K3F');
    // STOP says more: nothing at all goes.
    expect(textsFact({ ...context, textsNotAgreed: { since: '2026-11-23T15:00:00.000Z', reference: null, form: 'booking' }, textsOptOut: { since: '2026-11-22T15:00:00.000Z', how: 'replied STOP' } })).toContain('data-texts-opted-out');
  });

  it('says only login codes go when the customer turned texts off in the portal', () => {
    const off = textsFact({ ...context, textsNotAgreed: { since: '2026-11-23T15:00:00.000Z', reference: null, form: 'portal' } });
    expect(off).toContain('data-texts-not-agreed="portal"');
    expect(off).toContain('Only login codes: the customer turned texts off in the portal');
    expect(off).not.toContain('booking form');
  });

  it('lists each booking consent with whether texts were agreed to, and a login consent as its code only', () => {
    const html = renderToStaticMarkup(
      <CustomerContextView
        context={{
          ...context,
          textsConsent: [
            { form: 'booking', phone: '+14045550123', version: '2026-11-27.2', words: 'w', textsAgreed: false, agreedAt: '2026-11-23T15:00:00.000Z', reference: 'ATL-2' },
            { form: 'booking', phone: '+14045550123', version: '2026-11-27.2', words: 'w', textsAgreed: true, agreedAt: '2026-11-22T15:00:00.000Z', reference: 'ATL-1' },
            { form: 'login', phone: '+14045550123', version: '2026-11-27.2', words: 'w', textsAgreed: null, agreedAt: '2026-11-21T15:00:00.000Z', reference: null },
            { form: 'portal', phone: '+14045550123', version: '2026-11-28', words: 'w', textsAgreed: true, agreedAt: '2026-11-24T15:00:00.000Z', reference: null },
          ],
        }}
      />,
    );
    expect(html).toContain('<span data-texts-agreed="no">did not agree to texts</span>');
    expect(html).toContain('<span data-texts-agreed="yes">agreed to texts</span>');
    expect(html).toContain('login page, +14045550123, terms of 2026-11-27.2, its login code only');
    expect(html).toContain('portal (How we reach you), +14045550123, terms of 2026-11-28, <span data-texts-agreed="yes">turned texts on</span>');
  });
});
