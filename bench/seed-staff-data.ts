import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@app/db/client';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { STAGE } from '@app/shared/deal-stages';

/**
 * A company's worth of mirror data for bench:staff: customers, a year of cleanings behind and
 * ahead (done, paid or not, in the past; scheduled ahead, some still requested or cancelled),
 * twelve cleaners (marked on the roster, signing in as `cleaner<i>@` the local provider's
 * domain), home profiles (half the customers, a third with a door code), and open change requests. Deterministic (a seeded generator), so runs compare.
 */

const FIRST = ['Ava', 'Ben', 'Chloe', 'Dev', 'Ella', 'Finn', 'Grace', 'Hugo', 'Isla', 'Jack', 'Kira', 'Liam', 'Maya', 'Noah', 'Olive', 'Priya'];
const LAST = ['Adams', 'Baker', 'Carter', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ito', 'Jones', 'Khan', 'Lopez', 'Moore', 'Nguyen', 'Owens', 'Patel', 'Reed', 'Shaw', 'Turner', 'Walker'];
const STREETS = ['Peachtree St NE', 'Ponce de Leon Ave', 'Piedmont Ave', 'Spring St', 'North Ave', 'Highland Ave', 'Moreland Ave', 'Juniper St'];
const CITIES: readonly [string, string][] = [['Atlanta', '30303'], ['Decatur', '30030'], ['Marietta', '30060'], ['Sandy Springs', '30328'], ['Smyrna', '30080']];
const SERVICES = ['Deep Clean', 'Standard Clean', 'Move-out Clean', 'Office Clean'];
const DAY_MS = 86_400_000;
const BATCH = 2_000;

/** Mulberry32: a small seeded generator. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SeededStaffData {
  contactIds: string[];
  /** Last names in use, for searches that find someone. */
  lastNames: readonly string[];
}

export async function seedStaffData(db: Db, options: { customers: number; deals: number; now: Date }): Promise<SeededStaffData> {
  const random = generator(20_261_124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  await db.owner.createMany({
    data: Array.from({ length: 12 }, (_, i) => ({ hubspotId: `bench-owner-${i}`, firstName: pick(FIRST), lastName: `${pick(LAST)}${i}`, email: `cleaner${i}@${DEV_STAFF_EMAIL_DOMAIN}`, isCleaner: true })),
  });
  const ownerIds = (await db.owner.findMany({ select: { id: true } })).map((o) => o.id);

  for (let from = 0; from < options.customers; from += BATCH) {
    const count = Math.min(BATCH, options.customers - from);
    await db.contact.createMany({
      data: Array.from({ length: count }, (_, k) => {
        const i = from + k;
        const [city, zip] = pick(CITIES);
        return {
          email: `customer${i}@example.com`,
          phone: `+1404${String(2_000_000 + i).padStart(7, '0')}`,
          firstName: pick(FIRST),
          lastName: pick(LAST),
          street: `${100 + (i % 9_000)} ${pick(STREETS)}`,
          city,
          state: 'GA',
          zip,
          hubspotId: `bench-contact-${i}`,
          portalEligible: random() < 0.8,
        };
      }),
    });
  }
  const contacts = await db.contact.findMany({ select: { id: true, street: true, city: true, zip: true } });
  // Home profiles, as My day reads them with each cleaning; a code's sealed bytes are never opened here.
  for (let from = 0; from < contacts.length; from += BATCH) {
    const batch = contacts.slice(from, from + BATCH);
    await db.homeProfile.createMany({
      data: batch.filter((_, k) => (from + k) % 2 === 0).map((c) => ({ contactId: c.id, accessInstructions: 'Side gate, then the front door.', parking: 'Driveway', pets: random() < 0.4 ? 'A friendly dog' : null })),
    });
    await db.homeSecret.createMany({
      data: batch
        .filter((_, k) => (from + k) % 3 === 0)
        .map((c) => ({ id: randomUUID(), contactId: c.id, kind: 'door', label: 'Front door', ciphertext: randomBytes(8), iv: randomBytes(12), authTag: randomBytes(16), keyId: 'bench' })),
    });
  }

  const now = options.now.getTime();
  for (let from = 0; from < options.deals; from += BATCH) {
    const count = Math.min(BATCH, options.deals - from);
    await db.deal.createMany({
      data: Array.from({ length: count }, (_, k) => {
        const i = from + k;
        const contact = pick(contacts);
        // A day within a year either side, at a whole hour from 8:00 to 16:00 Eastern (13:00-21:00 UTC).
        const day = Math.floor(now / DAY_MS) + Math.floor(random() * 730) - 365;
        const scheduledAt = new Date(day * DAY_MS + (13 + Math.floor(random() * 9)) * 3_600_000);
        const past = scheduledAt.getTime() < now;
        const roll = random();
        const stageId = past
          ? roll < 0.85 ? STAGE.CLEANING_DONE : roll < 0.95 ? STAGE.CANCELED : STAGE.CLEANING_SCHEDULED
          : roll < 0.85 ? STAGE.CLEANING_SCHEDULED : roll < 0.95 ? STAGE.CLEAN_REQUESTED : STAGE.CANCELED;
        const requested = stageId === STAGE.CLEAN_REQUESTED;
        const amountCents = 12_900 + Math.floor(random() * 30) * 1_000;
        return {
          contactId: contact.id,
          hubspotId: `bench-deal-${i}`,
          name: `Cleaning ${i}`,
          stageId,
          source: 'hubspot' as const,
          scheduledAt: requested ? null : scheduledAt,
          preferredDate: requested ? scheduledAt : null,
          street: contact.street,
          city: contact.city,
          state: 'GA',
          zip: contact.zip,
          serviceType: pick(SERVICES),
          amountCents,
          ownerId: random() < 0.95 ? pick(ownerIds) : null,
          ...(stageId === STAGE.CLEANING_DONE
            ? { invoiceStatus: random() < 0.9 ? ('paid' as const) : ('open' as const), invoiceAmountCents: amountCents, invoiceNumber: `INV-${i}` }
            : {}),
        };
      }),
    });
  }

  // The invoice ledger the month's money reads: each done cleaning's invoice, dated on its day, a
  // paid one paid two days later.
  await db.$executeRaw`
    INSERT INTO invoice_record (hubspot_id, deal_id, status, amount_cents, paid_cents, number, issued_on, due_on, paid_at, hubspot_updated_at)
    SELECT 'bench-' || d.invoice_number, d.id, d.invoice_status, d.invoice_amount_cents,
           CASE WHEN d.invoice_status = 'paid' THEN d.invoice_amount_cents ELSE 0 END, d.invoice_number,
           (d.scheduled_at AT TIME ZONE 'America/New_York')::date, (d.scheduled_at AT TIME ZONE 'America/New_York')::date + 3,
           CASE WHEN d.invoice_status = 'paid' THEN d.scheduled_at + interval '2 days' END, d.scheduled_at
    FROM deal d WHERE d.invoice_status IS NOT NULL`;

  // Open change and cancel requests on a few hundred coming cleanings.
  const coming = await db.deal.findMany({ where: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: { gt: options.now } }, select: { id: true, contactId: true }, take: 400 });
  await db.ticket.createMany({
    data: coming.map((d, i) => ({
      dealId: d.id,
      contactId: d.contactId,
      category: i % 3 === 0 ? ('CancellationRequest' as const) : ('RescheduleRequest' as const),
      reason: 'Bench request',
      hubspotId: `bench-ticket-${i}`,
    })),
  });
  // A live database's state after autovacuum: statistics, and the rows just added moved from the
  // trigram indexes' pending lists into the indexes proper.
  await db.$executeRawUnsafe('VACUUM ANALYZE');
  return { contactIds: contacts.map((c) => c.id), lastNames: LAST };
}
