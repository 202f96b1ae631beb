import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMAIL_SEND_AGAIN, EMAIL_START_REMINDERS, EMAIL_STOP_REMINDERS, TEXTS_TURN_OFF, TEXTS_TURN_ON, type ReachChannels } from '@app/shared/reach-channels';
import { channelsQuery } from '../api/channels';
import { ReachSection } from './reach-section';

const channels: ReachChannels = {
  texts: { phone: '+14045550123', on: true, off: null, since: null, heldSince: null, startTo: null },
  email: { address: 'pat@example.com', reminders: true, unsubscribedAt: null, bounced: null, complained: null },
};

function render(data: ReachChannels): string {
  const client = new QueryClient();
  client.setQueryData(channelsQuery.queryKey, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ReachSection enabled />
    </QueryClientProvider>,
  );
}

describe("the portal's How we reach you", () => {
  it('shows texts on with a way to turn them off, and e-mail notices always with reminders to stop', () => {
    const html = render(channels);
    expect(html).toContain('<h2 id="portal-reach">How we reach you</h2>');
    expect(html).toContain('Texts to (404) 555-0123');
    expect(html).toContain('data-texts="on"');
    expect(html).toContain(`>${TEXTS_TURN_OFF}</button>`);
    expect(html).not.toContain(`>${TEXTS_TURN_ON}</button>`);
    expect(html).toContain('E-mail to pat@example.com');
    expect(html).toContain('Confirmations, changes to your cleanings, quotes and invoices: always');
    expect(html).toContain(`>${EMAIL_STOP_REMINDERS}</button>`);
    expect(html).not.toContain(EMAIL_SEND_AGAIN);
  });

  it('says why texts are off, and offers to turn them on unless the phone replied STOP', () => {
    const notAgreed = render({ ...channels, texts: { ...channels.texts, on: false, off: 'not_agreed', since: '2026-12-08T15:00:00.000Z' } });
    expect(notAgreed).toContain("Off: you didn&#x27;t choose texts when you booked on Tue, Dec 8.");
    expect(notAgreed).toContain(`>${TEXTS_TURN_ON}</button>`);
    const stopped = render({ ...channels, texts: { ...channels.texts, on: false, off: 'stop', since: '2026-12-08T15:00:00.000Z', startTo: '(404) 555-0199' } });
    expect(stopped).toContain('Off: your phone replied STOP on Tue, Dec 8, so we send no texts, not even login codes. To get texts again, text START to (404) 555-0199.');
    expect(stopped).not.toContain(`>${TEXTS_TURN_ON}</button>`);
    expect(stopped).not.toContain(`>${TEXTS_TURN_OFF}</button>`);
  });

  it('tells a bounce in plain words with its reason and offers to send again; a complaint without the button', () => {
    const bounced = render({ ...channels, email: { ...channels.email, reminders: false, unsubscribedAt: '2026-12-01T15:00:00.000Z', bounced: { at: '2026-12-08T15:00:00.000Z', reason: '550 5.1.1 No such user' } } });
    expect(bounced).toContain('Our e-mails to this address came back undelivered on Tue, Dec 8 (the mail server said: 550 5.1.1 No such user), so we stopped e-mailing it.');
    expect(bounced).toContain(`>${EMAIL_SEND_AGAIN}</button>`);
    expect(bounced).toContain('data-email-reminders="off"');
    expect(bounced).toContain(`>${EMAIL_START_REMINDERS}</button>`);
    const complained = render({ ...channels, email: { ...channels.email, complained: { at: '2026-12-08T15:00:00.000Z', reason: null } } });
    expect(complained).toContain('was marked as spam on Tue, Dec 8, so we stopped e-mailing it. Call us at');
    expect(complained).not.toContain(EMAIL_SEND_AGAIN);
  });
});
