import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { noticeText } from './customer-notice';

const NOW = new Date('2026-12-10T17:00:00Z');
const DAY = 86_400_000;
const tipUrlOf = (dealId: string) => `https://www.cleaning.example/tip?t=${dealId}.sig`;

describe("the receipt of a visit's invoice offers a tip for its cleaner", () => {
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(testDatabaseUrl());
  });
  afterAll(() => db.$disconnect());

  async function paidVisit(over: { ownerId?: string | null; stageId?: string }) {
    const booking = await insertBooking(db, {});
    const invoiceHubspotId = `inv-${randomBytes(4).toString('hex')}`;
    await db.deal.update({
      where: { id: booking.dealId },
      data: {
        stageId: over.stageId ?? STAGE.CLEANING_DONE, visitOutcome: 'done', scheduledAt: new Date(NOW.getTime() - 2 * DAY), ownerId: over.ownerId ?? null,
        invoiceHubspotId, invoiceStatus: 'paid', invoiceAmountCents: 19_000,
      },
    });
    return noticeText(db, { kind: 'payment_received', dealId: booking.dealId, invoiceId: invoiceHubspotId }, 'https://www.cleaning.example/login', NOW, tipUrlOf).then((t) => ({ ...t, dealId: booking.dealId }));
  }

  it('adds "Thank <cleaner> with a tip" to a done visit with its cleaner, and nothing to a payment before the visit', async () => {
    const owner = await db.owner.create({ data: { hubspotId: `owner-${randomBytes(4).toString('hex')}`, firstName: 'Maria' } });
    const done = await paidVisit({ ownerId: owner.id });
    expect('text' in done && done.text).toMatch(/^Atlanta Home Cleaning: thank you, we received your payment of \$190\.00 for [A-Z]{3}-[A-Z0-9]{4}\. Receipt: https:\/\/www\.cleaning\.example\/login Thank Maria with a tip: https:\/\/www\.cleaning\.example\/tip\?t=/);
    expect('text' in done && done.text.endsWith(tipUrlOf(done.dealId))).toBe(true);

    // Paid before the cleaning (an approved quote): nobody to tip yet.
    const ahead = await paidVisit({ ownerId: owner.id, stageId: STAGE.SCHEDULING_IN_PROGRESS });
    expect('text' in ahead && ahead.text).toMatch(/Receipt: https:\/\/www\.cleaning\.example\/login$/);
  });
});
