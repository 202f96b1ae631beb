import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '@app/shared/conversations';
import { ConversationView } from './conversation-view';

const NOW = new Date('2026-12-09T16:30:00.000Z');

const conversation: Conversation = {
  phone: '+14045550123',
  customer: { id: 'c1', name: 'Pat Portal' },
  earlier: 0,
  waitingSince: '2026-12-09T15:00:00.000Z',
  reply: { allowed: true, reason: null },
  items: [
    { direction: 'out', id: 'o1', at: '2026-12-08T15:00:00.000Z', purpose: 'login_code', label: 'Login code', body: null, status: 'delivered', errorCode: null, reason: null, staffEmail: null, sendsAt: null, inHubSpot: false },
    { direction: 'out', id: 'o2', at: '2026-12-08T16:00:00.000Z', purpose: 'reminder', label: 'Reminder', body: 'Atlanta Home Cleaning reminder: your cleaning is Thu 9 AM.', status: 'delivered', errorCode: null, reason: null, staffEmail: null, sendsAt: null, inHubSpot: false },
    { direction: 'in', id: 'i1', at: '2026-12-09T14:00:00.000Z', body: 'Can she come at 10 instead?', keyword: null, handledBy: null, inHubSpot: false },
    { direction: 'out', id: 'o3', at: '2026-12-09T14:10:00.000Z', purpose: 'staff_reply', label: 'Reply', body: 'Yes, 10 works.', status: 'undelivered', errorCode: 30003, reason: null, staffEmail: 'sam@atlantahomecleaning.example', sendsAt: null, inHubSpot: false },
    { direction: 'in', id: 'i2', at: '2026-12-09T15:00:00.000Z', body: 'Great, <b>thanks</b>', keyword: null, handledBy: null, inHubSpot: false },
  ],
};

/** The thread's items as text, in the order shown, with their direction. */
function items(html: string): string[] {
  return [...html.matchAll(/<li class="thread-item[^"]*" data-direction="(in|out)"[^>]*>(.*?)<\/li>/g)].map(([, direction, inner]) => `${direction}: ${inner!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()}`);
}

describe('ConversationView', () => {
  it('shows the texts in and out as one thread, oldest first and the newest at the bottom', () => {
    const html = renderToStaticMarkup(<ConversationView conversation={conversation} now={NOW} />);
    const shown = items(html);
    expect(shown).toHaveLength(5);
    expect(shown[0]).toMatch(/^out: Login code · December 8, 2026 at 10:00 AM ET · delivered The code is never kept\.$/);
    expect(shown[2]).toBe('in: Customer · December 9, 2026 at 9:00 AM ET Can she come at 10 instead?');
    expect(shown[3]).toBe('out: Reply by sam@atlantahomecleaning.example · December 9, 2026 at 9:10 AM ET · not delivered (Twilio error 30003) Yes, 10 works.');
    // The customer's words are text, never markup.
    expect(html).toContain('Great, &lt;b&gt;thanks&lt;/b&gt;');
    expect(shown.at(-1)).toMatch(/^in: .*Great/);
  });

  it('says how long the customer has waited, and nothing once answered', () => {
    expect(renderToStaticMarkup(<ConversationView conversation={conversation} now={NOW} />)).toContain('Waiting for an answer for 1 h');
    expect(renderToStaticMarkup(<ConversationView conversation={{ ...conversation, waitingSince: null }} now={NOW} />)).not.toContain('data-waiting');
  });

  it('marks keywords and handled texts, says when a held reply goes out, and counts earlier texts', () => {
    const html = renderToStaticMarkup(
      <ConversationView
        now={NOW}
        conversation={{
          ...conversation,
          earlier: 3,
          items: [
            { direction: 'in', id: 'i1', at: '2026-12-09T02:00:00.000Z', body: 'stop', keyword: 'stop', handledBy: null, inHubSpot: false },
            { direction: 'in', id: 'i2', at: '2026-12-09T02:05:00.000Z', body: 'thank you!', keyword: null, handledBy: 'sam@atlantahomecleaning.example', inHubSpot: false },
            { direction: 'out', id: 'o1', at: '2026-12-09T02:30:00.000Z', purpose: 'staff_reply', label: 'Reply', body: 'Noted.', status: 'queued', errorCode: null, reason: null, staffEmail: 'sam@atlantahomecleaning.example', sendsAt: '2026-12-09T13:00:00.000Z', inHubSpot: false },
            { direction: 'out', id: 'o2', at: '2026-12-09T03:00:00.000Z', purpose: 'reminder', label: 'Reminder', body: null, status: 'canceled', errorCode: null, reason: 'Not sent: the phone opted out of texts (STOP).', staffEmail: null, sendsAt: null, inHubSpot: false },
          ],
        }}
      />,
    );
    const shown = items(html);
    expect(shown[0]).toContain('STOP: the phone opted out of texts');
    expect(shown[1]).toContain('no reply needed (sam@atlantahomecleaning.example)');
    expect(shown[2]).toContain('waits for quiet hours to end: goes out December 9, 2026 at 8:00 AM ET');
    expect(shown[3]).toBe('out: Reminder · December 8, 2026 at 10:00 PM ET · not sent (Not sent: the phone opted out of texts (STOP).)');
    expect(html).toContain('3 earlier texts not shown.');
  });

  it('marks the texts logged on the customer’s HubSpot timeline', () => {
    const logged = conversation.items.map((item) => (item.id === 'i1' || item.id === 'o2' ? { ...item, inHubSpot: true } : item));
    const shown = items(renderToStaticMarkup(<ConversationView conversation={{ ...conversation, items: logged }} now={NOW} />));
    expect(shown[1]).toBe('out: Reminder · December 8, 2026 at 11:00 AM ET · delivered · in HubSpot Atlanta Home Cleaning reminder: your cleaning is Thu 9 AM.');
    expect(shown[2]).toBe('in: Customer · December 9, 2026 at 9:00 AM ET · in HubSpot Can she come at 10 instead?');
    expect(shown.filter((text) => text.includes('in HubSpot'))).toHaveLength(2);
  });

  it('says when there are no texts yet', () => {
    expect(renderToStaticMarkup(<ConversationView conversation={{ ...conversation, items: [], waitingSince: null }} now={NOW} />)).toContain('No texts with this phone yet.');
  });
});
