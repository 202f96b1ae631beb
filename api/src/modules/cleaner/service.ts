import { findProduct } from '@app/shared/catalogue';
import { visitChecklist } from '@app/shared/cleaning-checklists';
import { visitView } from '@app/shared/cleaning-visit';
import { cleanerDays, mapSearchUrl, type CleanerCleaning, type CleanerDay, type CleanerMe } from '@app/shared/cleaner-day';
import { addressLine, personName } from '@app/shared/customer-context';
import { dealStageLabel } from '@app/shared/deal-stages';
import { addDays, easternWallTimeToInstant } from '@app/shared/eastern-time';
import { describeRooms } from '@app/shared/rooms';
import { COMPANY } from '@app/runtime/company';
import { errors } from '../../errors';
import type { CleanerIdentity } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { cleaningType } from '../staff/common/cleaning-type';
import { homeOf, LISTED_STAGES, whereTheyWent } from './home';
import { findOwner, findOwnerCleanings, type CleanerCleaningRow } from './repository';

type Deps = Pick<ModuleDeps, 'db' | 'now'>;

/** The instant an Eastern calendar date ('YYYY-MM-DD') begins. */
function easternMidnight(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return easternWallTimeToInstant(year, month, day, 0, 0);
}

/** GET /api/cleaner/me: the cleaner as the roster knows them, and the days they may look at. */
export async function cleanerMe(deps: Deps, cleaner: CleanerIdentity): Promise<CleanerMe> {
  const owner = await findOwner(deps.db, cleaner.ownerId);
  // The session store has just checked the owner; gone since, the cleaner is signed out.
  if (!owner) throw errors.unauthorized();
  return { name: personName(owner) ?? cleaner.email, email: owner.email ?? cleaner.email, ownerId: owner.id, days: [...cleanerDays(deps.now())] };
}

/**
 * GET /api/cleaner/day: the cleaner's own cleanings on `date` (today or tomorrow, checked by the
 * schema) with their homes, the canceled ones apart, and where those of `seen` (the page's last
 * list) went that are on it no more (cleaner/home.ts).
 */
export async function cleanerDay(deps: Deps, cleaner: CleanerIdentity, date: string, seen: readonly string[] = []): Promise<CleanerDay> {
  const rows = await findOwnerCleanings(deps.db, cleaner.ownerId, easternMidnight(date), easternMidnight(addDays(date, 1)));
  const now = deps.now();
  const listed = rows.filter((d) => LISTED_STAGES.includes(d.stageId));
  const canceled = rows.filter((d) => !LISTED_STAGES.includes(d.stageId) && d.scheduledAt);
  const known = new Set(rows.map((d) => d.id));
  const gone = await whereTheyWent(deps.db, cleaner.ownerId, seen.filter((id) => !known.has(id)));
  return {
    date,
    cleanings: listed.flatMap((d) => cleaning(d, now)),
    officePhone: COMPANY.phone,
    removed: [
      ...canceled.map((d) => ({ id: d.id, reason: 'canceled' as const, scheduledAt: d.scheduledAt!.toISOString(), customerFirstName: d.contact?.firstName?.trim() || null })),
      ...gone,
    ],
  };
}

/** Add-ons are the deal's products of type Add On (HubSpot external_skus), by their names. */
const addOnNames = (skus: readonly string[]): string[] =>
  skus.flatMap((sku) => {
    const product = findProduct(sku);
    return product?.type === 'Add On' ? [product.name] : [];
  });

function cleaning(d: CleanerCleaningRow, now: Date): CleanerCleaning[] {
  if (!d.scheduledAt) return [];
  const address = addressLine(d);
  const checklist = visitChecklist({ serviceType: d.serviceType, skus: d.skus, rooms: d.bookingRequest?.rooms });
  return [
    {
      id: d.id,
      scheduledAt: d.scheduledAt.toISOString(),
      durationMinutes: d.durationMinutes,
      service: cleaningType(d.serviceType),
      customerFirstName: d.contact?.firstName?.trim() || null,
      address,
      mapUrl: mapSearchUrl(address),
      rooms: describeRooms(d.bookingRequest?.rooms),
      addOns: addOnNames(d.skus),
      notes: d.bookingRequest?.description ?? null,
      stageId: d.stageId,
      stageLabel: dealStageLabel(d.stageId) ?? d.stageId,
      ...homeOf(d.contact, { stageId: d.stageId, scheduledAt: d.scheduledAt }, now),
      visit: visitView(d.visit, d, now),
      checklistFamily: checklist.family,
      checklist,
      ticked: d.visit?.tickedItems ?? [],
      photoCount: d._count.photos,
    },
  ];
}
