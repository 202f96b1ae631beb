import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '@app/shared/api-error';
import { MONTH_INVALID, type MonthMoneyView } from '@app/shared/month-money';
import { STAGE } from '@app/shared/deal-stages';
import { TestBrowser } from '../../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

/** Noon Eastern on Thursday, December 10, 2026. */
const NOW = new Date('2026-12-10T17:00:00Z');
const unique = () => randomBytes(4).toString('hex');
/** Noon Eastern on a December or November day. */
const noon = (day: string) => new Date(`${day}T17:00:00Z`);

describe('staff API: the month’s money, from the invoice ledger', () => {
  let api: StaffApi;
  let office: TestBrowser;
  let ann: string;
  let bob: string;
  let maria: string;

  const deal = async (contactId: string, ownerId: string | null = null) =>
    (await api.db.deal.create({ data: { contactId, ownerId, name: 'Standard Clean', source: 'public_form', stageId: STAGE.CLEANING_DONE } })).id;
  const invoice = async (dealId: string | null, data: { status: 'draft' | 'open' | 'paid' | 'voided'; cents: number; issuedOn: string; paidAt?: Date; voidedAt?: Date; madeInvoiceId?: string; number?: string }) =>
    api.db.invoiceRecord.create({
      data: {
        hubspotId: `inv-${unique()}`, dealId, status: data.status, amountCents: data.cents, number: data.number ?? `INV-${unique()}`,
        paidCents: data.status === 'paid' ? data.cents : 0, issuedOn: new Date(data.issuedOn), dueOn: new Date(data.issuedOn), paidAt: data.paidAt ?? null, voidedAt: data.voidedAt ?? null, madeInvoiceId: data.madeInvoiceId ?? null,
      },
    });

  beforeAll(async () => {
    api = await startStaffApi('money', NOW);
    office = new TestBrowser(api.url);
    await staffSignIn(api, office);
    maria = (await api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName: 'Maria', lastName: 'Alvarez', isCleaner: true } })).id;
    ann = (await api.db.contact.create({ data: { email: `ann.${unique()}@example.com`, firstName: '=Ann', lastName: 'Owens' } })).id;
    bob = (await api.db.contact.create({ data: { email: `bob.${unique()}@example.com`, firstName: 'Bob', lastName: 'Brown' } })).id;
    const annDeal = await deal(ann, maria);
    const bobDeal = await deal(bob);
    await invoice(annDeal, { status: 'open', cents: 20_000, issuedOn: '2026-12-01', number: 'INV-A' });
    await invoice(bobDeal, { status: 'paid', cents: 15_000, issuedOn: '2026-12-08', paidAt: noon('2026-12-09') });
    await invoice(annDeal, { status: 'open', cents: 30_000, issuedOn: '2026-11-05' });
    await invoice(bobDeal, { status: 'paid', cents: 10_000, issuedOn: '2026-11-20', paidAt: noon('2026-12-02') });
    await invoice(annDeal, { status: 'voided', cents: 12_000, issuedOn: '2026-12-03', voidedAt: noon('2026-12-04') });
    await invoice(bobDeal, { status: 'open', cents: 8_000, issuedOn: '2026-12-09' });
    await invoice(bobDeal, { status: 'draft', cents: 99_900, issuedOn: '2026-12-09' });
    const tip = randomUUID();
    await api.db.madeInvoice.create({ data: { id: tip, dealId: annDeal, source: 'tip', tipCents: 2_000, ownerId: maria, status: 'made', hubspotId: `inv-tip-${unique()}`, madeAt: noon('2026-12-09') } });
    // On no deal in HubSpot; the ledger keeps the visit it is for (its made_invoice's).
    await invoice(annDeal, { status: 'paid', cents: 2_000, issuedOn: '2026-12-09', paidAt: noon('2026-12-09'), madeInvoiceId: tip, number: 'INV-TIP' });
  });
  afterAll(() => api?.close());

  const month = async (query = '') => {
    const res = await office.request(`/api/internal/admin/money${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as MonthMoneyView;
  };

  it('gives this month by default: invoiced, paid, voided, owed by age, tips per cleaner and who owes the most', async () => {
    const view = await month();
    expect(view).toMatchObject({ month: '2026-12', asOf: '2026-12-10' });
    // Dated in December and not voided; the draft is no one's debt yet.
    expect(view.invoiced).toEqual({ count: 3, cents: 43_000 });
    // Paid in December, November's invoice too; the tip apart.
    expect(view.paid).toEqual({ count: 2, cents: 25_000 });
    expect(view.voided).toEqual({ count: 1, cents: 12_000 });
    expect(view.outstanding).toEqual({
      count: 3,
      cents: 58_000,
      byAge: { recent: { count: 1, cents: 8_000 }, month: { count: 1, cents: 20_000 }, older: { count: 1, cents: 30_000 } },
    });
    expect(view.tips).toEqual([{ ownerId: maria, cleaner: 'Maria Alvarez', count: 1, cents: 2_000 }]);
    expect(view.topOwing).toEqual([
      { contactId: ann, name: '=Ann Owens', count: 2, cents: 50_000, oldestDays: 35 },
      { contactId: bob, name: 'Bob Brown', count: 1, cents: 8_000, oldestDays: 1 },
    ]);
  });

  it('gives a past month as it stood at its end: an invoice paid later still owed then', async () => {
    const view = await month('?month=2026-11');
    expect(view).toMatchObject({ month: '2026-11', asOf: '2026-11-30', invoiced: { count: 2, cents: 40_000 }, paid: { count: 0, cents: 0 }, tips: [] });
    expect(view.outstanding).toMatchObject({ count: 2, cents: 40_000, byAge: { month: { count: 2, cents: 40_000 } } });
  });

  it('refuses a month it cannot read, naming the field', async () => {
    const res = await office.request('/api/internal/admin/money?month=2026-13');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(apiErrorBody(MONTH_INVALID, 'validation_failed', 'month'));
  });

  it('exports the month’s invoices as CSV, safe to open in a spreadsheet', async () => {
    const res = await office.request('/api/internal/admin/money.csv?month=2026-12');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="money-2026-12.csv"');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Invoice,Kind,Customer,E-mail,Booking,Cleaner,Invoice date,Due date,Status,Amount,Paid,Paid on,Voided on,Owed,Days owed');
    // Every invoice December touches, the draft left out.
    expect(lines).toHaveLength(1 + 7);
    const a = lines.find((l) => l.startsWith('INV-A,'))!;
    expect(a).toMatch(/^INV-A,Cleaning,'=Ann Owens,ann\.[0-9a-f]+@example\.com,ATL-[0-9A-Z]+,Maria Alvarez,2026-12-01,2026-12-01,Not Paid,200\.00,0\.00,,,200\.00,9$/);
    expect(lines.find((l) => l.startsWith('INV-TIP,'))).toMatch(/^INV-TIP,Tip,'=Ann Owens,.*,Maria Alvarez,2026-12-09,2026-12-09,Paid\/Settled,20\.00,20\.00,2026-12-09,,,$/);
  });
});
