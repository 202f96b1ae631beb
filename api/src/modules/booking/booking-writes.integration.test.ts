import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { testDatabaseUrl } from '../../../../test/context';
import { smsEventCount } from '../../../../test/sms-events';
import { TEST_SMS_BUDGET } from '../../../../test/module-deps';
import { insertBooking, type NewBooking } from './repository';

const BUDGET = { budget: TEST_SMS_BUDGET, requestReceived: true };

function booking(email: string, overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    email,
    phone: '+14045551234',
    firstName: 'Jane',
    lastName: 'Doe',
    street: '12 Peachtree St NE',
    city: 'Atlanta',
    state: 'GA',
    zip: '30303',
    squareFootage: 1500,
    serviceType: 'Deep Clean',
    skus: ['deep-1500'],
    subtotalCents: 34_900,
    firstBookingDiscountPercent: 10,
    frequency: null,
    visitType: null,
    preferredDate: '2026-12-01',
    timeOfDay: 'morning',
    name: 'Deep Clean for Jane Doe',
    stageId: STAGE.CLEAN_REQUESTED,
    quoteType: 'virtual',
    contactMethod: 'email',
    rooms: { kitchen: true, bathroomCount: 2 },
    description: null,
    payload: { note: 'test' },
    smsConsent: { version: '2026-11-27.2', words: 'Text me about this request and my cleanings.', textsAgreed: true },
    ...overrides,
  };
}

/**
 * Concurrent bookings share statements and commits (group commit in repository.ts). Each
 * caller must still get exactly its own rows, and one bad row must fail only its own caller.
 */
describe('booking writes under concurrency', () => {
  let db: Db;
  const tag = Math.random().toString(36).slice(2, 8);

  beforeAll(() => {
    db = createPrismaClient(testDatabaseUrl());
  });
  afterAll(async () => {
    await db.$disconnect();
  });

  it('writes every concurrent booking with its own deal, request and event, and one contact per e-mail', async () => {
    const emails = [0, 1, 2].map((n) => `group.${tag}.${n}@example.com`);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => insertBooking(db, booking(emails[i % 3]!, { payload: { n: i } }), BUDGET)));
    const dealIds = results.map((r) => r.dealId);
    expect(new Set(dealIds).size).toBe(30);

    const contacts = await db.contact.findMany({ where: { email: { in: emails } } });
    expect(contacts).toHaveLength(3);
    const deals = await db.deal.findMany({ where: { id: { in: dealIds } }, include: { contact: true, bookingRequest: true } });
    expect(deals).toHaveLength(30);
    for (const [i, dealId] of dealIds.entries()) {
      const deal = deals.find((d) => d.id === dealId)!;
      expect(deal.contact?.email).toBe(emails[i % 3]);
      expect(deal).toMatchObject({ skus: ['deep-1500'], source: 'public_form' });
      expect(deal.bookingRequest?.payload).toEqual({ n: i });
      // Each its own short reference, the one the caller was given.
      expect(deal.reference).toBe(results[i]?.reference);
      expect(deal.reference).toMatch(/^ATL-[2-9A-HJKMNP-Z]{4}$/);
    }
    expect(new Set(deals.map((d) => d.reference)).size).toBe(30);
    // Only the first booking of each e-mail gets the first-booking discount, however they were batched.
    for (const email of emails) {
      const mine = deals.filter((d) => d.contact?.email === email);
      expect(mine.filter((d) => d.discountPercent === 10 && d.amountCents === 31_410)).toHaveLength(1);
      expect(mine.filter((d) => d.discountPercent === null && d.amountCents === 34_900)).toHaveLength(9);
    }
    const events = await db.outboxEvent.findMany({ where: { aggregateId: { in: dealIds } } });
    expect(events).toHaveLength(30);
    expect(events.every((e) => e.type === 'crm.push-booking' && e.status === 'pending')).toBe(true);
    expect(new Set(events.map((e) => (e.payload as { dealId: string }).dealId))).toEqual(new Set(dealIds));
  });

  it('fails only the booking whose row Postgres refuses; the others of its batch are written', async () => {
    const emails = Array.from({ length: 8 }, (_, n) => `isolate.${tag}.${n}@example.com`);
    const outcomes = await Promise.allSettled(
      emails.map((email, n) => insertBooking(db, booking(email, n === 5 ? { preferredDate: '2026-02-30' } : {}), BUDGET)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[5] as PromiseRejectedResult).reason).toMatchObject({ code: '22008' }); // date out of range
    expect(await db.contact.count({ where: { email: { in: emails } } })).toBe(7);
    expect(await db.contact.count({ where: { email: emails[5] } })).toBe(0);
  });

  it('keeps a contact as it was: a public form never overwrites one', async () => {
    const email = `keep.${tag}@example.com`;
    await insertBooking(db, booking(email, { firstName: 'First' }), BUDGET);
    await Promise.all([insertBooking(db, booking(email, { firstName: 'Second' }), BUDGET), insertBooking(db, booking(email, { firstName: 'Third' }), BUDGET)]);
    const contact = await db.contact.findUniqueOrThrow({ where: { email }, include: { deals: true } });
    expect(contact.firstName).toBe('First');
    expect(contact.deals).toHaveLength(3);
  });

  it('writes no "request received" text once the company text budget is spent', async () => {
    const phone = '+14045550177';
    await insertBooking(db, { ...booking(`budget.${Date.now()}@example.com`), phone }, { budget: { perHour: 0, perDay: 0 }, requestReceived: true });
    expect(await db.smsMessage.count({ where: { to: phone } })).toBe(0);
    await insertBooking(db, { ...booking(`budget2.${Date.now()}@example.com`), phone }, BUDGET);
    expect(await db.smsMessage.count({ where: { to: phone, purpose: 'request_received' } })).toBe(1);
  });

  it('writes no "request received" text when that kind is switched off (CUSTOMER_TEXTS_OFF)', async () => {
    const phone = '+14045550178';
    await insertBooking(db, { ...booking(`off.${Date.now()}@example.com`), phone }, { budget: TEST_SMS_BUDGET, requestReceived: false });
    expect(await db.smsMessage.count({ where: { to: phone } })).toBe(0);
    expect(await smsEventCount(db, phone)).toBe(0);
  });
});
