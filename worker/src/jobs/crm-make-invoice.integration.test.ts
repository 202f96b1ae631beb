import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { createLogger } from '@app/runtime/logger';
import { STAGE } from '@app/shared/deal-stages';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { LOADED_MACHINE_SEARCH_LIMIT, startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { visitLines } from '../crm/made-invoice-repository';
import { readDeal } from './crm-apply-deal-command';
import { crmMakeInvoiceJob } from './crm-make-invoice';
import { INVOICE_PROPERTIES, mirrorDealRecords, mirrorInvoiceRecords } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';

const log = createLogger({ service: 'make-invoice-test', level: 'silent', format: 'json' });
const context = { log, jobId: 'job', attempt: 1 };

describe("a recurring plan's visit is invoiced once it is done", () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    // Not a test of HubSpot's limits (crm-sweep and hubspot-budget are): room for a loaded machine.
    crm = await startSetUpHubSpot({ rateLimit: { max: 1_000, intervalMs: 10_000 }, searchRateLimit: LOADED_MACHINE_SEARCH_LIMIT });
    hubspot = crm.emulator;
    gateway = crm.gateway();
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });

  const stageId = (stage: string) => crm.account.stages().dealStageId(stage);
  const pull = async (hubspotId: string) => mirrorDealRecords({ db, hubspot: gateway, account: crm.account }, [(await readDeal(gateway, hubspotId))!]);

  /** A plan's weekly visit with the microwave every time, at the plan's $190.00, scheduled last week. */
  async function planVisit() {
    const booking = await insertBooking(db, { email: `visit.${randomBytes(4).toString('hex')}@example.com`, skus: ['recurring-basic-1500', 'addon-microwave'] });
    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, { ...context, jobId: booking.outboxId });
    const { hubspotId, contactId } = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    const plan = await db.recurringPlan.create({
      data: {
        contactId: contactId!, squareFootage: 1500, serviceType: 'Recurring Clean', visitType: 'basic', skus: ['recurring-basic-1500', 'addon-microwave'], amountCents: 19_000, firstVisitCents: 19_000,
        frequency: 'weekly', weekday: 2, startTime: '10:00', durationMinutes: 150, startDate: new Date('2026-11-03T00:00:00Z'), createdBy: 'office@cleaning.example',
      },
    });
    const at = new Date(Date.now() - 6 * 86_400_000).toISOString();
    await gateway.updateObject('deals', hubspotId!, { dealstage: stageId(STAGE.CLEANING_SCHEDULED), scheduled_date: at, amount: '190.00' });
    await pull(hubspotId!);
    await db.deal.update({ where: { id: booking.dealId }, data: { planId: plan.id, planOccurrence: new Date(at.slice(0, 10)) } });
    return { dealId: booking.dealId, hubspotId: hubspotId! };
  }

  it('bills each product at its catalogue price and the rest of the plan price as its own line', () => {
    // $179.00 and $25.00 make $204.00; the plan's price is $190.00.
    expect(visitLines(['recurring-basic-1500', 'addon-microwave'], 19_000)).toEqual([
      { sku: 'recurring-basic-1500', name: expect.any(String), cents: 17_900 },
      { sku: 'addon-microwave', name: expect.any(String), cents: 2_500 },
      { sku: null, name: 'Recurring plan price', cents: -1_400 },
    ]);
    expect(visitLines(['recurring-basic-1500'], 17_900)).toHaveLength(1);
    expect(visitLines(['recurring-basic-1500'], null)).toBeNull();
  });

  it('makes the invoice of a done visit open in HubSpot at the plan price, once; a visit closed out otherwise gets none', async () => {
    const visit = await planVisit();
    // Done: closed out in HubSpot (the office's close-out, or by hand there).
    await gateway.updateObject('deals', visit.hubspotId, { dealstage: stageId(STAGE.CLEANING_DONE), visit_outcome: 'done' });
    await pull(visit.hubspotId);
    const made = await db.madeInvoice.findFirstOrThrow({ where: { dealId: visit.dealId } });
    expect(made).toMatchObject({ source: 'visit', status: 'pending', quoteAnswerId: null });
    expect(await db.outboxEvent.count({ where: { type: 'crm.make-invoice', aggregateId: made.id } })).toBe(1);

    expect(await crmMakeInvoiceJob({ db, hubspot: gateway, account: crm.account }).process({ invoiceId: made.id }, context)).toMatchObject({ outcome: 'made' });
    const invoice = hubspot.objects('invoices').find((i) => i.properties.app_request_id === made.id)!;
    expect(invoice.properties).toMatchObject({ hs_invoice_status: 'open', hs_amount_billed: '190.00' });
    expect(invoice.associations.deals).toEqual([visit.hubspotId]);
    expect(await db.deal.findUniqueOrThrow({ where: { id: visit.dealId } })).toMatchObject({ invoiceStatus: 'open', invoiceAmountCents: 19_000 });

    // Seen done again (a re-read, the deal edited in HubSpot): no second invoice.
    await gateway.updateObject('deals', visit.hubspotId, { dealname: 'Recurring Clean, edited' });
    await pull(visit.hubspotId);
    expect(await db.madeInvoice.count({ where: { dealId: visit.dealId } })).toBe(1);

    // A visit billed already (its quote's invoice, or one made by hand in HubSpot) gets no second.
    const invoiced = await planVisit();
    hubspot.attachInvoice(invoiced.hubspotId, { status: 'open', amount: '190.00' });
    await pull(invoiced.hubspotId);
    expect((await db.deal.findUniqueOrThrow({ where: { id: invoiced.dealId } })).invoiceHubspotId).not.toBeNull();
    await gateway.updateObject('deals', invoiced.hubspotId, { dealstage: stageId(STAGE.CLEANING_DONE), visit_outcome: 'done' });
    await pull(invoiced.hubspotId);
    expect((await db.deal.findUniqueOrThrow({ where: { id: invoiced.dealId } })).stageId).toBe(STAGE.CLEANING_DONE);
    expect(await db.madeInvoice.count({ where: { dealId: invoiced.dealId } })).toBe(0);

    const missed = await planVisit();
    await gateway.updateObject('deals', missed.hubspotId, { dealstage: stageId(STAGE.CLEANING_DONE), visit_outcome: 'no-show' });
    await pull(missed.hubspotId);
    expect(await db.madeInvoice.count({ where: { dealId: missed.dealId } })).toBe(0);
  });

  it('keeps every invoice in the ledger; after a void and reissue the deal shows the new one, paid', async () => {
    const visit = await planVisit();
    const deps = { db, hubspot: gateway, account: crm.account };
    const pullInvoices = async (...ids: string[]) => mirrorInvoiceRecords(deps, await gateway.readBatch('invoices', ids, INVOICE_PROPERTIES));
    await gateway.updateObject('deals', visit.hubspotId, { dealstage: stageId(STAGE.CLEANING_DONE), visit_outcome: 'done' });
    await pull(visit.hubspotId);
    const made = await db.madeInvoice.findFirstOrThrow({ where: { dealId: visit.dealId } });
    await crmMakeInvoiceJob(deps).process({ invoiceId: made.id }, context);
    const first = (await db.deal.findUniqueOrThrow({ where: { id: visit.dealId } })).invoiceHubspotId!;
    expect(await db.invoiceRecord.findUniqueOrThrow({ where: { hubspotId: first } })).toMatchObject({
      dealId: visit.dealId, madeInvoiceId: made.id, status: 'open', amountCents: 19_000, paidCents: 0, paidAt: null, voidedAt: null,
    });
    expect((await db.invoiceRecord.findUniqueOrThrow({ where: { hubspotId: first } })).issuedOn).not.toBeNull();

    // The office voids it in HubSpot and issues another on the deal: the deal's invoice is the new one.
    hubspot.voidInvoice(first);
    const second = hubspot.attachInvoice(visit.hubspotId, { status: 'open', amount: '175.00', another: true }).id;
    await pull(visit.hubspotId);
    expect(await db.deal.findUniqueOrThrow({ where: { id: visit.dealId } })).toMatchObject({ invoiceHubspotId: second, invoiceStatus: 'open', invoiceAmountCents: 17_500 });
    const voided = await db.invoiceRecord.findUniqueOrThrow({ where: { hubspotId: first } });
    expect(voided).toMatchObject({ status: 'voided', dealId: visit.dealId });
    expect(voided.voidedAt).not.toBeNull();

    // The void read again on its own (its page of changed invoices) never takes the deal back.
    await pullInvoices(first);
    expect((await db.deal.findUniqueOrThrow({ where: { id: visit.dealId } })).invoiceHubspotId).toBe(second);

    hubspot.payInvoice(second);
    await pullInvoices(second, first);
    expect(await db.deal.findUniqueOrThrow({ where: { id: visit.dealId } })).toMatchObject({ invoiceHubspotId: second, invoiceStatus: 'paid' });
    const paid = await db.invoiceRecord.findUniqueOrThrow({ where: { hubspotId: second } });
    expect(paid).toMatchObject({ status: 'paid', paidCents: 17_500 });
    // Paid when the mirror first read it paid; a later read keeps that moment.
    hubspot.editRecord('invoices', second, { hs_due_date: '2027-01-15' });
    await pullInvoices(second);
    expect((await db.invoiceRecord.findUniqueOrThrow({ where: { hubspotId: second } })).paidAt).toEqual(paid.paidAt);
    expect(await db.invoiceRecord.count({ where: { dealId: visit.dealId } })).toBe(2);
  });

  it("makes a tip a one-line invoice on the customer's contact alone, and keeps its payment page", async () => {
    const visit = await planVisit();
    const deps = { db, hubspot: gateway, account: crm.account };
    const owner = await db.owner.create({ data: { hubspotId: `owner-${randomBytes(4).toString('hex')}`, firstName: 'Maria', isCleaner: true } });
    const tipId = randomUUID();
    await db.madeInvoice.create({ data: { id: tipId, dealId: visit.dealId, source: 'tip', tipCents: 1_500, ownerId: owner.id } });
    expect(await crmMakeInvoiceJob(deps).process({ invoiceId: tipId }, context)).toMatchObject({ outcome: 'made' });
    // Again (a retry after a lost answer): the same invoice, nothing more.
    await db.madeInvoice.update({ where: { id: tipId }, data: { status: 'pending', hubspotId: null, madeAt: null, payUrl: null } });
    await crmMakeInvoiceJob(deps).process({ invoiceId: tipId }, context);
    const made = hubspot.objects('invoices').filter((i) => i.properties.app_request_id === tipId);
    expect(made).toHaveLength(1);
    const invoice = made[0]!;
    expect(invoice.properties).toMatchObject({ hs_invoice_status: 'open', hs_amount_billed: '15.00' });
    expect(invoice.associations.deals ?? []).toEqual([]);
    expect(invoice.associations.contacts).toHaveLength(1);
    const lines = hubspot.objects('line_items').filter((l) => invoice.associations.line_items?.includes(l.id));
    expect(lines.map((l) => [l.properties.name, l.properties.price])).toEqual([['Tip for Maria', '15.00']]);
    expect(await db.madeInvoice.findUniqueOrThrow({ where: { id: tipId } })).toMatchObject({ status: 'made', hubspotId: invoice.id, payUrl: invoice.properties.hs_invoice_link });

    // Paid, its changed invoice reaches the ledger with the visit it is for; the deal's own invoice is untouched.
    hubspot.payInvoice(invoice.id);
    await mirrorInvoiceRecords(deps, await gateway.readBatch('invoices', [invoice.id], INVOICE_PROPERTIES));
    expect(await db.invoiceRecord.findUniqueOrThrow({ where: { hubspotId: invoice.id } })).toMatchObject({ dealId: visit.dealId, madeInvoiceId: tipId, status: 'paid', paidCents: 1_500 });
    expect((await db.deal.findUniqueOrThrow({ where: { id: visit.dealId } })).invoiceHubspotId).not.toBe(invoice.id);
  });
});
