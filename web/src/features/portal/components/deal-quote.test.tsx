import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { quoteSchema, sentQuote, type QuoteView } from '@app/shared/quote';
import { QUOTE_APPROVED_NEXT } from '@app/shared/portal-next-step';
import type { PortalQuote } from '../api/quote';
import { answerLine, QuoteBlock } from './deal-quote';

const quote: QuoteView = {
  commandId: 'c1',
  sentAt: '2026-11-24T14:00:00.000Z',
  quote: sentQuote(quoteSchema.parse({ serviceType: 'Basic Clean', squareFootage: 1000, addOns: ['addon-oven'], adjustmentCents: 1_500, adjustmentReason: 'Third floor, no lift' })),
  answer: null,
};
const answered = { answer: 'declined' as const, reason: 'Too dear', status: 'pending' as const, error: null, answeredAt: '2026-11-25T14:00:00.000Z' };

const render = (data: PortalQuote, awaiting = true) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <QuoteBlock data={data} dealId="deal-1" awaiting={awaiting} />
    </QueryClientProvider>,
  );

describe('the quote on a portal card', () => {
  it('shows the lines, the adjustment with its reason and the total, with Approve and Decline', () => {
    const html = render({ quote, canAnswer: true });
    expect(html).toContain('Quote of $244.00');
    expect(html).toContain('<th scope="row">Single Basic Clean (0-1000 sq ft)</th><td>$149.00</td>');
    expect(html).toContain('<th scope="row">Adjustment: Third floor, no lift</th><td>$15.00</td>');
    expect(html).toContain('>Approve</button>');
    expect(html).toContain('>Decline</button>');
  });

  it('shows the answer instead of the buttons, pending until the office has it', () => {
    const html = render({ quote: { ...quote, answer: answered }, canAnswer: false });
    expect(html).not.toContain('>Approve</button>');
    expect(html).toContain('You declined this quote. We are passing your answer on to our office. Your reason: “Too dear”');
    expect(answerLine({ ...answered, answer: 'approved', status: 'applied' })).toBe('You approved this quote.');
  });

  it('after Approve says what comes next, until the card’s own stage says it', () => {
    const approved = { ...answered, answer: 'approved' as const, reason: null };
    const html = render({ quote: { ...quote, answer: approved }, canAnswer: false });
    expect(html).toContain('You approved this quote. We are passing your answer on to our office.');
    expect(html).toContain(`>${QUOTE_APPROVED_NEXT}</p>`);
    expect(render({ quote: { ...quote, answer: { ...approved, status: 'applied' } }, canAnswer: false }, false)).not.toContain(QUOTE_APPROVED_NEXT);
    // An answer HubSpot could not take says so instead.
    expect(render({ quote: { ...quote, answer: { ...approved, status: 'failed' } }, canAnswer: false })).not.toContain(QUOTE_APPROVED_NEXT);
    expect(render({ quote: { ...quote, answer: answered }, canAnswer: false })).not.toContain(QUOTE_APPROVED_NEXT);
  });

  it('names how often a recurring clean comes; a single visit says nothing of it', () => {
    const weekly = sentQuote(quoteSchema.parse({ serviceType: 'Recurring Clean', squareFootage: 1500, visitType: 'basic', frequency: 'weekly', addOns: [] }));
    expect(render({ quote: { ...quote, quote: weekly }, canAnswer: true })).toContain('Recurring clean: <strong>Weekly</strong>');
    expect(render({ quote, canAnswer: true })).not.toContain('Recurring clean:');
  });

  it('shows nothing without a quote', () => {
    expect(render({ quote: null, canAnswer: false })).toBe('');
  });
});
