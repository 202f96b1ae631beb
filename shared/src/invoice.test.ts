import { describe, expect, it } from 'vitest';
import { deriveInvoice, dollarsToCents, invoiceStatusLabel } from './invoice';

describe('invoice status labels', () => {
  it.each([
    ['paid', 'Paid/Settled'],
    ['open', 'Not Paid'],
    ['voided', 'Voided'],
    ['PAID', 'Paid/Settled'],
    [' open ', 'Not Paid'],
  ])('%j → %s', (status, label) => {
    expect(invoiceStatusLabel(status)).toBe(label);
  });

  it.each(['draft', '', null, undefined])('%j → no label', (status) => {
    expect(invoiceStatusLabel(status)).toBeNull();
  });
});

describe('derived invoice', () => {
  it('reads the hs_* invoice properties', () => {
    expect(
      deriveInvoice({
        properties: {
          hs_amount_billed: '149.50',
          hs_pdf_download_link: 'https://x/pdf',
          hs_invoice_link: 'https://x/inv',
          hs_invoice_status: 'paid',
          hs_number: 'INV-1001',
        },
        invoice_amount: 99,
        invoice_pdf: 'https://old/pdf',
        invoice_status: 'open',
      }),
    ).toEqual({ amountCents: 14950, pdf_link: 'https://x/pdf', link: 'https://x/inv', status: 'paid', number: 'INV-1001' });
  });

  it('falls back to invoice_amount, invoice_pdf, invoice_status', () => {
    expect(deriveInvoice({ properties: { hs_amount_billed: null }, invoice_amount: '209', invoice_pdf: 'https://p', invoice_status: 'open' })).toEqual({
      amountCents: 20900,
      pdf_link: 'https://p',
      link: null,
      status: 'open',
      number: null,
    });
  });

  it('is all null without invoice data', () => {
    expect(deriveInvoice({})).toEqual({ amountCents: null, pdf_link: null, link: null, status: null, number: null });
  });

  it('converts dollars to integer cents without float drift', () => {
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('1.005')).toBe(101);
    expect(dollarsToCents('149.5')).toBe(14950);
    expect(dollarsToCents('75')).toBe(7500);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('-12.34')).toBe(-1234);
    expect(dollarsToCents(419)).toBe(41900);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents('.')).toBeNull();
    expect(dollarsToCents('1.2.3')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
  });
});
