import { createPrismaClient } from '@app/db/client';
import { seedStaffData } from '../seed-staff-data';

/** A company's worth, as bench:staff seeds it: a full Today board (about 27 cleanings a day, 400 open requests). */
export const SITE_CUSTOMERS = 5_000;
export const SITE_DEALS = 20_000;

/**
 * Seeds the served site's database (bench/seed-staff-data.ts) for the signed-in pages: the portal
 * customer and the staff pages read the same mirror. Returns the customer with the most cleanings,
 * whose staff page is the fullest one to draw.
 */
export async function seedSite(databaseUrl: string): Promise<{ busiestCustomerId: string; seconds: number }> {
  const db = createPrismaClient(databaseUrl);
  try {
    const started = performance.now();
    await seedStaffData(db, { customers: SITE_CUSTOMERS, deals: SITE_DEALS, now: new Date() });
    const [busiest] = await db.deal.groupBy({
      by: ['contactId'],
      where: { contactId: { not: null } },
      _count: { contactId: true },
      orderBy: [{ _count: { contactId: 'desc' } }, { contactId: 'asc' }],
      take: 1,
    });
    if (!busiest?.contactId) throw new Error('the seed made no cleanings');
    return { busiestCustomerId: busiest.contactId, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.$disconnect();
  }
}
