import { randomBytes } from 'node:crypto';
import type { Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';

/** What the staff API's tests write straight into the mirror. */

type DealInput = Parameters<Db['deal']['create']>[0]['data'];
const unique = () => randomBytes(4).toString('hex');

/** A deal written straight into the mirror (a HubSpot deal at Clean Requested unless `data` says otherwise). */
export const addDeal = (db: Db, data: Partial<DealInput>) => db.deal.create({ data: { name: 'Deal', stageId: STAGE.CLEAN_REQUESTED, source: 'hubspot', ...data } as DealInput });

/** A cleaner (HubSpot owner) with a unique HubSpot id and e-mail. */
export const addOwner = (db: Db, firstName: string, lastName: string) =>
  db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName, lastName, email: `${firstName.toLowerCase()}.${unique()}@cleaning.example` } });

/** The board tests' "now": 9:00 in Atlanta (EST) on Tuesday, November 24. */
export const BOARD_NOW = new Date('2026-11-24T14:00:00Z');
export const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/**
 * The mirror the staff board's tests read (the today board, the open requests, a cleaning's
 * details): two customers, a cleaner, cleanings around BOARD_NOW, new bookings and tickets.
 * Their database is their own (the board counts everything in the mirror). Answers the ids by name.
 */
export async function seedBoard(db: Db): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const ann = await db.contact.create({ data: { email: 'ann.able@example.com', firstName: 'Ann', lastName: 'Able', phone: '+14045550101' } });
  const ben = await db.contact.create({ data: { email: 'ben.baker@example.com', firstName: 'Ben', lastName: 'Baker', phone: '+14045550102' } });
  const olive = await db.owner.create({ data: { hubspotId: 'owner-olive', firstName: 'Olive', lastName: 'Owner', email: 'olive@cleaning.example' } });
  const deal = async (key: string, data: Partial<DealInput>) => {
    ids[key] = (await db.deal.create({ data: { stageId: STAGE.CLEANING_SCHEDULED, source: 'hubspot', street: '1 Main St', city: 'Atlanta', state: 'GA', zip: '30303', serviceType: 'Deep Clean', ...data } as DealInput })).id;
  };
  await deal('today', { contactId: ann.id, hubspotId: 'hs-today', scheduledAt: at('2026-11-24T15:00:00Z'), ownerId: olive.id });
  await deal('tomorrow', { contactId: ben.id, scheduledAt: at('2026-11-25T16:00:00Z'), street: '9 Oak Ave' });
  // 23:00 on Monday in Atlanta: yesterday, though the same UTC date.
  await deal('yesterday', { contactId: ann.id, scheduledAt: at('2026-11-24T04:00:00Z'), ownerId: olive.id, invoiceStatus: 'open', invoiceAmountCents: 34_900 });
  // 00:30 on Thursday in Atlanta: neither today nor tomorrow, but within the week and unassigned.
  await deal('thursday', { contactId: ben.id, scheduledAt: at('2026-11-26T05:30:00Z') });
  await deal('nextMonth', { contactId: ben.id, scheduledAt: at('2026-12-20T15:00:00Z') });
  await deal('archived', { contactId: ann.id, scheduledAt: at('2026-11-24T18:00:00Z'), archivedAt: BOARD_NOW });
  await deal('paidPast', { contactId: ann.id, scheduledAt: at('2026-11-20T15:00:00Z'), ownerId: olive.id, invoiceStatus: 'paid' });
  await deal('olderRequest', { contactId: ben.id, stageId: STAGE.CLEAN_REQUESTED, createdAt: new Date(BOARD_NOW.getTime() - 30 * HOUR), hubspotId: 'hs-req' });
  await deal('newerRequest', { contactId: ann.id, stageId: STAGE.CLEAN_REQUESTED, createdAt: new Date(BOARD_NOW.getTime() - 1 * HOUR) });
  const ticket = async (key: string, data: { dealId: string; category: 'RescheduleRequest' | 'CancellationRequest'; pipelineStage?: string; hoursAgo: number; reason: string }) => {
    const { hoursAgo, ...rest } = data;
    ids[key] = (await db.ticket.create({ data: { ...rest, createdAt: new Date(BOARD_NOW.getTime() - hoursAgo * HOUR), changeType: rest.category === 'RescheduleRequest' ? 'Reschedule to another day' : null, hubspotId: `hs-${key}` } })).id;
  };
  await ticket('reschedule', { dealId: ids.today!, category: 'RescheduleRequest', hoursAgo: 5, reason: 'Out of town' });
  await ticket('cancellation', { dealId: ids.thursday!, category: 'CancellationRequest', pipelineStage: '1', hoursAgo: 50, reason: 'Moving away' });
  await ticket('closed', { dealId: ids.tomorrow!, category: 'CancellationRequest', pipelineStage: '4', hoursAgo: 80, reason: 'Handled' });
  return ids;
}
