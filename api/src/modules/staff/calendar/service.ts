import { addressLine, joinName } from '@app/shared/customer-context';
import { visitView } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import type { ScheduledDeal } from '@app/shared/entities';
import { defaultDurationMinutes } from '@app/shared/schedule';
import type { ModuleDeps } from '../../registry';
import { cleaningType } from '../common/cleaning-type';
import { ownerName } from '../common/owner-ref';
import { findScheduledDeals } from './repository';

/** Which appointments the calendar shows: the scheduled cleanings of docs/product.md §2, the done ones, or both. */
export const CALENDAR_STAGES = {
  scheduled: [STAGE.CLEANING_SCHEDULED],
  done: [STAGE.CLEANING_DONE],
  all: [STAGE.CLEANING_SCHEDULED, STAGE.CLEANING_DONE],
} as const;

/** GET /api/hubspot/admin/scheduledDeals: deals with a date in Cleaning Scheduled (or the stages asked for), with their customer. */
export async function scheduledDeals(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  query: { from?: Date | undefined; to?: Date | undefined; stage?: keyof typeof CALENDAR_STAGES | undefined },
): Promise<ScheduledDeal[]> {
  const rows = await findScheduledDeals(deps.db, { stageIds: CALENDAR_STAGES[query.stage ?? 'scheduled'], from: query.from, to: query.to });
  const now = deps.now();
  return rows.map((d) => ({
    id: d.id,
    title: cleaningType(d.serviceType),
    date: d.scheduledAt.toISOString(),
    address: addressLine(d),
    owner: ownerName(d.owner),
    ownerId: d.owner?.id ?? null,
    customer: d.contact ? joinName(d.contact.firstName, d.contact.lastName) || d.contact.email : null,
    contactId: d.contact?.id ?? null,
    stageId: d.stageId,
    durationMinutes: d.durationMinutes ?? defaultDurationMinutes(d.serviceType),
    ...(d.planVisit && { planVisit: true }),
    // The live state (docs/cleaner-day.md): not started, on the way, in progress, done, late.
    ...visitStateOf(visitView(d.visit, d, now)),
  }));
}

const visitStateOf = (view: ReturnType<typeof visitView>) => ({ visitState: view.state, visitStateLabel: view.stateLabel });
