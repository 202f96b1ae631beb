import type { Deal } from '@app/shared/entities';
import { dealSchema } from '@app/shared/entities';
import {
  CANCELLATION_IN_PROGRESS,
  CHANGE_LOCKED_24H,
  CLEANING_TIME_PASSED,
  COMPLETED,
  INVOICE_OPEN,
  INVOICE_PAID,
  INVOICE_VOIDED,
  RESCHEDULE_IN_PROGRESS,
  UNKNOWN_STAGE,
} from '@app/shared/texts';
import { INVOICE_COMING_NEXT, INVOICE_TO_PAY_NEXT, REQUESTED_NEXT, SCHEDULING_NEXT } from '@app/shared/portal-next-step';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_TITLE, dealView } from './deal-view';

const NOW = new Date('2026-10-07T14:00:00Z');
const deal = (input: Record<string, unknown>): Deal => dealSchema.parse({ id: 'd1', dealstage: '1609338596', ...input });
const ticket = (category: string, stage: string) => ({ properties: { hs_ticket_category: category, hs_pipeline_stage: stage } });

describe('portal deal view', () => {
  it('shows the service, the stage label, the Eastern date and the invoice of a deal', () => {
    const view = dealView(
      deal({
        external_skus: ['addon-oven', 'deep-1500'],
        scheduled_date_raw: '2026-10-12T14:30:00.000Z',
        properties: { hs_amount_billed: '429.00', hs_invoice_status: 'paid', hs_number: 'INV-7', hs_pdf_download_link: 'http://x/pdf', hs_invoice_link: 'http://x/inv' },
      }),
      'upcoming',
      undefined,
      NOW,
    );
    expect(view).toMatchObject({
      title: 'Single Deep Clean (1001-1500 sq ft)',
      statusLabel: 'Cleaning Scheduled',
      notConfirmed: false,
      scheduled: 'October 12, 2026 at 10:30 AM',
      invoice: { amount: '$429.00', statusLabel: INVOICE_PAID, number: 'INV-7', pdfLink: 'http://x/pdf', link: 'http://x/inv' },
      manage: { disabled: false, message: null, note: null, passed: false },
    });
  });

  it('marks upcoming deals outside Cleaning Scheduled as not confirmed; unknown stages by section', () => {
    expect(dealView(deal({ dealstage: '1632009934' }), 'upcoming', undefined, NOW)).toMatchObject({ statusLabel: 'Pending Estimate Call', notConfirmed: true, scheduled: null, invoice: null, title: DEFAULT_DEAL_TITLE });
    expect(dealView(deal({ dealstage: '42' }), 'upcoming', undefined, NOW).statusLabel).toBe(UNKNOWN_STAGE);
    expect(dealView(deal({ dealstage: '42' }), 'history', undefined, NOW)).toMatchObject({ statusLabel: COMPLETED, notConfirmed: false });
  });

  it('labels open and voided invoices from the list fields too', () => {
    expect(dealView(deal({ invoice_status: 'open', invoice_amount: 149 }), 'upcoming', undefined, NOW).invoice).toMatchObject({ amount: '$149.00', statusLabel: INVOICE_OPEN });
    expect(dealView(deal({ properties: { hs_invoice_status: 'voided' } }), 'history', undefined, NOW).invoice?.statusLabel).toBe(INVOICE_VOIDED);
  });

  it('disables Change and Cancel for an active request, with its text; fetched tickets win over the deal’s own', () => {
    const base = deal({ activeRequest: ticket('Reschedule Request', '1') });
    expect(dealView(base, 'upcoming', undefined, NOW).manage).toEqual({ disabled: true, message: RESCHEDULE_IN_PROGRESS, note: null, passed: false });
    expect(dealView(base, 'upcoming', [ticket('Cancellation Request', '2')], NOW).manage.message).toBe(CANCELLATION_IN_PROGRESS);
    expect(dealView(base, 'upcoming', [ticket('Cancellation Request', '4')], NOW).manage).toEqual({
      disabled: false,
      message: null,
      note: 'Recently modified (Cancellation Request)',
      passed: false,
    });
  });

  it('shows the office’s reason under the spec’s note once the latest request was declined, and only then', () => {
    const declined = { ...ticket('Reschedule Request', '1613485806'), decline_reason: 'We are fully booked that week.' };
    const view = dealView(deal({ closedRequest: declined }), 'upcoming', undefined, NOW);
    expect(view.manage).toEqual({ disabled: false, message: null, note: 'Recently modified (Reschedule Request)', passed: false });
    expect(view.declined).toBe('We could not accept your change request: We are fully booked that week.');
    const cancel = { ...ticket('Cancellation Request', '1613485806'), decline_reason: 'Within our notice period.' };
    expect(dealView(deal({}), 'upcoming', [cancel], NOW).declined).toBe('We could not accept your cancellation request: Within our notice period.');
    // Declined in HubSpot, without a reason; completed; or a new request open since.
    expect(dealView(deal({}), 'upcoming', [ticket('Reschedule Request', '1613485806')], NOW).declined).toBe('We could not accept your change request.');
    expect(dealView(deal({}), 'upcoming', [{ ...ticket('Reschedule Request', '1613485805'), decline_reason: 'x' }], NOW).declined).toBeNull();
    expect(dealView(deal({}), 'upcoming', [ticket('Cancellation Request', '1'), declined], NOW).declined).toBeNull();
  });

  it('locks a cleaning at most 24 hours ahead, as the clock moves', () => {
    const soon = deal({ scheduled_date_display: 'October 8, 2026 at 9:00 AM' }); // 13:00Z tomorrow
    expect(dealView(soon, 'upcoming', undefined, NOW).manage).toMatchObject({ disabled: true, message: CHANGE_LOCKED_24H });
    expect(dealView(soon, 'upcoming', undefined, new Date('2026-10-07T12:59:00Z')).manage.disabled).toBe(false);
  });

  it('turns Change and Cancel off once the cleaning’s time has passed, not yet closed out, and says so', () => {
    // Four hours past (10:00 AM Eastern), still Cleaning Scheduled.
    const passed = dealView(deal({ scheduled_date_raw: '2026-10-07T10:00:00.000Z' }), 'upcoming', undefined, NOW);
    expect(passed.manage).toEqual({ disabled: true, message: CLEANING_TIME_PASSED, note: null, passed: true });
    expect(passed.nextStep).toBeNull();
    // The moment before it starts, the §4 lock speaks, with its own words.
    const before = dealView(deal({ scheduled_date_raw: '2026-10-07T14:01:00.000Z' }), 'upcoming', undefined, NOW);
    expect(before.manage).toEqual({ disabled: true, message: CHANGE_LOCKED_24H, note: null, passed: false });
  });

  it('says what comes next by stage: after the approval the invoice, then payment, then the day', () => {
    const next = (dealstage: string, input: Record<string, unknown> = {}) => dealView(deal({ dealstage, ...input }), 'upcoming', undefined, NOW).nextStep;
    expect(next('1632009935')).toBe(INVOICE_COMING_NEXT);
    expect(next('1632009935', { properties: { hs_invoice_status: 'open', hs_invoice_link: 'http://x/pay' } })).toBe(INVOICE_TO_PAY_NEXT);
    expect(next('1606828763')).toBe(SCHEDULING_NEXT);
    expect(next('1606828760')).toBe(REQUESTED_NEXT);
    // A quote to answer and a confirmed date say it themselves; the history says nothing.
    expect(next('1606828762')).toBeNull();
    expect(next('1609338596', { scheduled_date_raw: '2026-10-12T14:30:00.000Z' })).toBeNull();
    expect(dealView(deal({ dealstage: '1606828764' }), 'history', undefined, NOW).nextStep).toBeNull();
  });
});

describe('portal deal view: what a customer reads at a glance', () => {
  it('colours the status by meaning, upcoming and past', () => {
    const tone = (dealstage: string, section: 'upcoming' | 'history') => dealView(deal({ dealstage }), section, undefined, NOW).tone;
    expect(tone('1609338596', 'upcoming')).toBe('scheduled');
    expect(tone('1632009935', 'upcoming')).toBe('action');
    expect(tone('1606828760', 'upcoming')).toBe('pending');
    expect(tone('999', 'upcoming')).toBe('pending');
    expect(tone('1606828764', 'history')).toBe('done');
    expect(tone('1606828766', 'history')).toBe('canceled');
    // An unknown stage in the history reads 'Completed': done.
    expect(tone('999', 'history')).toBe('done');
  });

  it('offers Pay only while the invoice is open, and carries reference, address, cleaner and service', () => {
    const open = dealView(
      deal({
        external_skus: ['basic-1000'],
        reference: 'ATL-7K3F',
        service_address: '1 Peachtree St, Atlanta',
        cleaner_first_name: 'Maria',
        properties: { hs_amount_billed: '149.00', hs_invoice_status: 'OPEN', hs_invoice_link: 'http://x/pay' },
      }),
      'upcoming',
      undefined,
      NOW,
    );
    expect(open).toMatchObject({ reference: 'ATL-7K3F', address: '1 Peachtree St, Atlanta', cleaner: 'Maria', serviceId: 'basic-1000' });
    expect(open.invoice?.payLink).toBe('http://x/pay');
    const paid = dealView(deal({ properties: { hs_invoice_status: 'paid', hs_invoice_link: 'http://x/inv' } }), 'upcoming', undefined, NOW);
    expect(paid.invoice?.payLink).toBeNull();
    expect(paid.serviceId).toBeNull();
  });

  it('names each text sent about the cleaning, whether it arrived and when (Eastern)', () => {
    const view = dealView(
      deal({
        messages: [
          { kind: 'cleaning_confirmed', status: 'delivered', at: '2026-12-01T14:00:00.000Z' },
          { kind: 'reminder', status: 'sent', at: '2026-12-02T14:00:00.000Z' },
          { kind: 'invoice_ready', status: 'failed', at: '2026-12-03T14:00:00.000Z' },
        ],
      }),
      'upcoming',
      undefined,
      NOW,
    );
    expect(view.messages).toEqual([
      { label: 'Cleaning confirmed', delivery: 'Delivered', at: 'Tue, Dec 1 at 9:00 AM' },
      { label: 'Reminder', delivery: 'Sent', at: 'Wed, Dec 2 at 9:00 AM' },
      { label: 'Invoice ready', delivery: 'Not delivered', at: 'Thu, Dec 3 at 9:00 AM' },
    ]);
  });
});
