import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { priceQuote, QUOTE_ADJUSTMENT_INVALID, QUOTE_REASON_REQUIRED, QUOTE_TOTAL_NOT_POSITIVE, quoteSchema, sentQuote, type QuoteView } from '@app/shared/quote';
import type { DealRequest } from '@app/shared/deal-request';
import { centsOf, DealQuote, QuoteForm, quoteFormSchema, quoteInput, type QuoteFields } from './deal-quote';
import { ADD_ON_ADDED, ADD_ON_REMOVED, DISCOUNT_REMOVED, quoteChanges, requestedQuote } from './quote-changes';
import { answerText } from './quote-summary';
import { dealDetails } from './deal-details-fixture';

const deal = dealDetails({ mayQuote: true });

const sent: QuoteView = {
  commandId: 'c1',
  sentAt: '2026-11-24T14:00:00.000Z',
  quote: sentQuote(quoteSchema.parse({ serviceType: 'Deep Clean', squareFootage: 1500, adjustmentCents: -900, adjustmentReason: 'Repeat customer' })),
  answer: null,
};

/** The issue's request: 1001-1500 sq ft, weekly basic visits, the oven, 10% off: $233.10. */
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
  quoteType: 'in-person',
  contactMethod: 'text',
  consent: null,
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

  it('offers the form only when the deal may be quoted; without a request it starts from the deal\'s service with its live total', () => {
    expect(render(<DealQuote deal={deal} />)).toContain('>Quote</button>');
    expect(render(<DealQuote deal={{ ...deal, mayQuote: false }} />)).toBe('');
    expect(requestedQuote(deal)).toMatchObject({ serviceType: 'Deep Clean', squareFootage: 1000, addOns: [], firstBookingDiscount: false });
    const form = render(<QuoteForm deal={deal} onDone={() => undefined} />);
    expect(form).toContain('Single Deep Clean (0-1000 sq ft)');
    expect(form).toMatch(/<tfoot><tr><th scope="row">Total<\/th><td>\$279\.00<\/td>/);
    expect(form).toContain('>Send quote</button>');
    expect(form).toContain('This cleaning has no booking request');
    expect(form).not.toContain('How often');
    expect(form).not.toContain('data-changed');
  });

  it('starts from the request: its size, service, visit, frequency, add-ons, discount and the estimate the customer saw', () => {
    const asked = { ...deal, request: REQUEST };
    expect(requestedQuote(asked)).toEqual({ ...fields, visitType: 'basic', adjustment: '', adjustmentReason: '' });
    const form = render(<QuoteForm deal={asked} onDone={() => undefined} />);
    // $179 + $80 = $259, 10% off: $233.10, as on the booking form.
    expect(form).toContain('Recurring Basic Clean (1001-1500 sq ft)');
    expect(form).toContain('First-booking discount (10%)');
    expect(form).toMatch(/<tfoot><tr><th scope="row">Total<\/th><td>\$233\.10<\/td>/);
    expect(form).toContain('Starts from what the customer asked for on Wed, Dec 2 (their estimate: $233.10).');
    expect(form).toContain('How often');
    // Nothing changed yet: nothing is marked.
    expect(form).not.toContain('data-changed');
  });

  it('marks every line the office changed from the request, in words tied to its control', () => {
    const changed = { ...fields, visitType: 'basic' as const, squareFootage: 2000 as const, frequency: 'bi-weekly' as const, addOns: ['addon-interior-windows'], firstBookingDiscount: false, adjustment: '', adjustmentReason: '' };
    const price = priceQuote(quoteInput(changed) as Parameters<typeof priceQuote>[0]);
    expect(quoteChanges(REQUEST, changed, price?.totalCents ?? null)).toEqual({
      squareFootage: 'Changed from 1001-1500 sq ft',
      frequency: 'Changed from Weekly',
      firstBookingDiscount: DISCOUNT_REMOVED,
      addOns: { 'addon-oven': ADD_ON_REMOVED, 'addon-interior-windows': ADD_ON_ADDED },
      total: 'Changed from $233.10, the estimate the customer saw',
    });
    // A non-recurring service is marked as such; visit and frequency are then no lines of the quote.
    expect(quoteChanges(REQUEST, { ...changed, serviceType: 'Deep Clean' }, null)).toMatchObject({ serviceType: 'Changed from Recurring Clean' });
    expect(quoteChanges(REQUEST, { ...changed, serviceType: 'Deep Clean' }, null)).not.toHaveProperty('frequency');
    expect(quoteChanges(null, changed, 1)).toEqual({ addOns: {} });
  });

  it('checks the form with the api\'s own rule, each error under its field', () => {
    const base = requestedQuote({ ...deal, request: REQUEST });
    expect(quoteFormSchema.safeParse(base).data).toMatchObject({ serviceType: 'Recurring Clean', squareFootage: 1500, visitType: 'basic', frequency: 'weekly', addOns: ['addon-oven'], firstBookingDiscount: true, adjustmentCents: 0 });
    const issues = (value: QuoteFields) => quoteFormSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...base, adjustment: 'ten' })).toEqual([['adjustment', QUOTE_ADJUSTMENT_INVALID]]);
    expect(issues({ ...base, adjustment: '-5' })).toEqual([['adjustmentReason', QUOTE_REASON_REQUIRED]]);
    expect(issues({ ...base, adjustment: '-900', adjustmentReason: 'Friend' })).toEqual([['adjustment', QUOTE_TOTAL_NOT_POSITIVE]]);
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
