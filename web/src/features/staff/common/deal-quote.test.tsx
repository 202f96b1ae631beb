import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { quoteSchema, sentQuote, type QuoteView } from '@app/shared/quote';
import { centsOf, DealQuote, QuoteForm, quoteInput, type QuoteFields } from './deal-quote';
import { answerText } from './quote-summary';
import { dealDetails } from './deal-details-fixture';

const deal = dealDetails({ mayQuote: true });

const sent: QuoteView = {
  commandId: 'c1',
  sentAt: '2026-11-24T14:00:00.000Z',
  quote: sentQuote(quoteSchema.parse({ serviceType: 'Deep Clean', squareFootage: 1500, adjustmentCents: -900, adjustmentReason: 'Repeat customer' })),
  answer: null,
};

const render = (node: ReactNode) => renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

const fields: QuoteFields = {
  serviceType: 'Recurring Clean',
  squareFootage: 1500,
  visitType: 'deep',
  frequency: 'weekly',
  addOns: ['addon-oven'],
  firstBookingDiscount: true,
  adjustment: '-12.5',
  adjustmentReason: ' Same street ',
};

describe('the staff quote', () => {
  it('reads the adjustment in dollars, either way, and refuses what is no amount', () => {
    expect([centsOf(''), centsOf('25'), centsOf('-12.5'), centsOf('+3.07')]).toEqual([0, 2_500, -1_250, 307]);
    expect([centsOf('ten'), centsOf('1.234'), centsOf('1e3')]).toEqual([null, null, null]);
  });

  it('sends what the fields say, with visit and frequency only for a recurring clean', () => {
    expect(quoteInput(fields)).toEqual({
      serviceType: 'Recurring Clean',
      squareFootage: 1500,
      visitType: 'deep',
      frequency: 'weekly',
      addOns: ['addon-oven'],
      firstBookingDiscount: true,
      adjustmentCents: -1_250,
      adjustmentReason: 'Same street',
    });
    expect(quoteInput({ ...fields, serviceType: 'Deep Clean', adjustment: '', adjustmentReason: '' })).toEqual({
      serviceType: 'Deep Clean',
      squareFootage: 1500,
      addOns: ['addon-oven'],
      firstBookingDiscount: true,
      adjustmentCents: 0,
    });
  });

  it('offers the form only when the deal may be quoted, starting from the deal\'s service with its live total', () => {
    expect(render(<DealQuote deal={deal} />)).toContain('>Quote</button>');
    expect(render(<DealQuote deal={{ ...deal, mayQuote: false }} />)).toBe('');
    const form = render(<QuoteForm deal={deal} onDone={() => undefined} />);
    expect(form).toContain('<option value="Deep Clean" selected="">Deep Clean</option>');
    expect(form).toContain('Single Deep Clean (0-1000 sq ft)');
    expect(form).toMatch(/<tfoot><tr><th scope="row">Total<\/th><td>\$279\.00<\/td>/);
    expect(form).toContain('>Send quote</button>');
    expect(form).not.toContain('How often');
  });

  it('shows the quote sent and what the customer answered', () => {
    const waiting = render(<DealQuote deal={{ ...deal, stageId: STAGE.AWAITING_QUOTE_APPROVAL, quote: sent }} />);
    expect(waiting).toContain('Adjustment: Repeat customer');
    expect(waiting).toContain('−$9.00');
    expect(waiting).toContain('$340.00');
    expect(waiting).toContain('Awaiting the customer’s answer.');
    expect(waiting).toContain('>New quote</button>');

    const answered = { answer: 'declined' as const, reason: 'Too dear', status: 'pending' as const, error: null, answeredAt: '2026-11-25T14:00:00.000Z' };
    expect(answerText(answered)).toBe('Declined by the customer: “Too dear”. Waiting for HubSpot.');
    expect(answerText({ ...answered, answer: 'approved', reason: null, status: 'applied' })).toBe('Approved by the customer.');
    const failed = render(<DealQuote deal={{ ...deal, stageId: STAGE.CANCELED, mayQuote: false, quote: { ...sent, answer: { ...answered, status: 'failed', error: 'The deal is in Canceled in HubSpot, no longer awaiting quote approval: the answer was not applied.' } } }} />);
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Declined by the customer: “Too dear”, but not applied: The deal is in Canceled in HubSpot');
  });
});
