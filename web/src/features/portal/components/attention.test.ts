import { dealSchema, type Deal } from '@app/shared/entities';
import { describe, expect, it } from 'vitest';
import { dealCardId } from '@app/shared/routes';
import { attentionItems, type QuoteState } from './attention';
import { dealView } from './deal-view';

const NOW = new Date('2026-12-02T15:00:00Z');
const deal = (id: string, input: Record<string, unknown>): Deal => dealSchema.parse({ id, reference: `ATL-${id.toUpperCase()}`, external_skus: ['basic-1500'], ...input });
const upcoming = (id: string, input: Record<string, unknown>) => dealView(deal(id, input), 'upcoming', undefined, NOW);
const past = (id: string, input: Record<string, unknown>) => dealView(deal(id, input), 'history', undefined, NOW);
const open = (dealstage: string, link = 'https://pay.example/1') => ({ dealstage, properties: { hs_amount_billed: '209.00', hs_invoice_status: 'open', hs_invoice_link: link } });
const claim = (stage: string) => ({ reclean: { until: '2026-12-03T15:00:00Z', claim: { id: 't', properties: { hs_ticket_category: 'Re-clean Claim', hs_pipeline_stage: stage } } } });

describe('the portal’s "Needs your attention" summary', () => {
  it('lists the quote to answer, then the invoices to pay (upcoming and past), then the open claims, each naming its cleaning', () => {
    const quotes = new Map<string, QuoteState>([['q', { totalCents: 24_400, open: true }]]);
    const items = attentionItems({
      upcoming: [upcoming('s', { dealstage: '1609338596', scheduled_date_raw: '2026-12-09T15:00:00Z' }), upcoming('i', open('1632009935')), upcoming('q', { dealstage: '1606828762' })],
      history: [past('d', { ...open('1606828764', 'https://pay.example/2'), ...claim('1') })],
      quotes,
    });
    expect(items).toEqual([
      { kind: 'quote', dealId: 'q', text: 'Approve or decline your quote of $244.00', about: 'Single Basic Clean (1001-1500 sq ft) · ATL-Q' },
      { kind: 'invoice', dealId: 'i', text: 'Pay your invoice of $209.00', about: 'Single Basic Clean (1001-1500 sq ft) · ATL-I' },
      { kind: 'invoice', dealId: 'd', text: 'Pay your invoice of $209.00', about: 'Single Basic Clean (1001-1500 sq ft) · ATL-D' },
      { kind: 'claim', dealId: 'd', text: 'Your re-clean claim is with our office: we will be in touch', about: 'Single Basic Clean (1001-1500 sq ft) · ATL-D' },
    ]);
  });

  it('is empty when nothing needs doing: paid and voided invoices, answered quotes and claims, a quote not loaded yet', () => {
    const items = attentionItems({
      upcoming: [
        upcoming('p', { dealstage: '1609338596', properties: { hs_invoice_status: 'paid', hs_invoice_link: 'https://x/1' } }),
        upcoming('a', { dealstage: '1606828762' }),
        upcoming('l', { dealstage: '1606828762' }),
      ],
      history: [past('v', { dealstage: '1606828765', properties: { hs_invoice_status: 'voided', hs_invoice_link: 'https://x/2' } }), past('c', { dealstage: '1606828764', ...claim('1613485805') })],
      // 'a' was just answered; 'l' has not loaded.
      quotes: new Map([['a', { totalCents: 100, open: false }]]),
    });
    expect(items).toEqual([]);
  });

  it('only a deal awaiting approval asks for an answer, whatever its quote says', () => {
    const quotes = new Map([['x', { totalCents: 100, open: true }]]);
    expect(attentionItems({ upcoming: [upcoming('x', { dealstage: '1632009935' })], history: [], quotes })).toEqual([]);
  });

  it('points each item at its card by id', () => {
    expect(dealCardId('abc')).toBe('deal-abc');
  });
});
