import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SentNotices } from '@app/shared/sent-notices';
import { sentNoticesQuery } from './sent-notices';
import { emailStandingLine, SentNoticesCard } from './sent-notices-card';

const page: SentNotices = {
  email: { address: 'pat@example.com', suppression: null },
  notices: [
    {
      id: 'n2',
      kind: 'reminder',
      label: 'Reminder',
      at: '2026-12-08T15:00:00.000Z',
      deal: { id: 'd1', reference: 'ATL-7K3F' },
      text: { state: 'not_sent', to: '+14045550123', at: '2026-12-09T15:00:00.000Z', reason: 'the customer turned texts off in the portal.' },
      email: { state: 'waiting', to: 'pat@example.com', at: '2026-12-10T15:00:00.000Z', reason: null },
    },
    {
      id: 'n1',
      kind: 'quote_ready',
      label: 'Quote ready',
      at: '2026-12-07T15:00:00.000Z',
      deal: null,
      text: { state: 'none', to: null, at: null, reason: 'this kind goes by e-mail only.' },
      email: { state: 'failed', to: 'pat@example.com', at: '2026-12-07T15:01:00.000Z', reason: 'Mail server 550: Mailbox unavailable' },
    },
  ],
  next: '2026-12-07T15:00:00.000Z_8f3c0d5e-0000-4000-8000-000000000000',
};

function render(data: SentNotices): string {
  const client = new QueryClient();
  client.setQueryData(sentNoticesQuery('c1').queryKey, { pages: [data], pageParams: [null] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SentNoticesCard contactId="c1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('what we sent, on the staff customer page', () => {
  it('lists each notice with each channel: the state, why not, to whom and when; and offers more', () => {
    const html = render(page);
    expect(html).toContain('<h3 id="sent-notices-heading">What we sent</h3>');
    expect(html).toContain('<tr data-notice="reminder"><th scope="row">Reminder <a');
    expect(html).toContain('ATL-7K3F</a>');
    expect(html).toContain('<td data-label="Text" data-delivery="not_sent"><strong>Not sent</strong>: the customer turned texts off in the portal.');
    expect(html).toContain('(404) 555-0123');
    expect(html).toContain('<strong>Waiting to go</strong>');
    expect(html).toContain('goes December 10, 2026 at 10:00 AM ET');
    expect(html).toContain('<strong>None</strong>: this kind goes by e-mail only.');
    expect(html).toContain('<strong>Failed</strong>: Mail server 550: Mailbox unavailable');
    expect(html).toContain('>Show more</button>');
    expect(render({ ...page, next: null })).not.toContain('Show more');
  });

  it("says where e-mail to the address stands", () => {
    const address = 'pat@example.com';
    expect(emailStandingLine({ address, suppression: null })).toBe('E-mail to pat@example.com: every notice goes.');
    const base = { unsubscribedAt: null, bouncedAt: null, complainedAt: null, reason: null };
    expect(emailStandingLine({ address, suppression: { ...base, unsubscribedAt: '2026-12-08T15:00:00.000Z' } })).toContain('unsubscribed from reminders and rating requests on December 8, 2026');
    expect(emailStandingLine({ address, suppression: { ...base, bouncedAt: '2026-12-08T15:00:00.000Z', reason: '550 No such user' } })).toContain('stopped, it bounced on December 8, 2026 at 10:00 AM ET (550 No such user)');
    expect(emailStandingLine({ address, suppression: { ...base, bouncedAt: '2026-12-08T15:00:00.000Z', complainedAt: '2026-12-09T15:00:00.000Z' } })).toContain('marked as spam');
  });
});
