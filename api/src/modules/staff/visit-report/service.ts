import type { Db } from '@app/db/client';
import { CHECKLISTS, visitChecklist, visitChecklistItemSchema, type VisitChecklistItem } from '@app/shared/cleaning-checklists';
import { PHOTO_LABELS, type PhotoLabel } from '@app/shared/visit-photos';
import { visitPhotoThumbnailPath, type VisitReport } from '@app/shared/visit-report';
import { errors } from '../../../errors';

const isLabel = (value: string | null): value is PhotoLabel => (PHOTO_LABELS as readonly (string | null)[]).includes(value);

/** The items kept at Done; a visit done before they were kept reads its family's list. */
function keptItems(kept: unknown, serviceType: string | null): VisitChecklistItem[] {
  const parsed = visitChecklistItemSchema.array().safeParse(kept);
  return parsed.success ? parsed.data : visitChecklist({ serviceType }).items;
}

/**
 * GET /api/internal/admin/deals/:id/visit-report (docs/cleaner-day.md#what-the-office-sees): the
 * checklist's answers (as kept at Done, or the ticks so far) and the photos, each with the address
 * of its small copy while one is kept. Read from our tables only: never a HubSpot call here.
 */
export async function visitReport(db: Db, dealId: string): Promise<VisitReport> {
  const deal = await db.deal.findFirst({
    where: { id: dealId },
    select: {
      id: true,
      serviceType: true,
      skus: true,
      bookingRequest: { select: { rooms: true } },
      visit: { select: { doneAt: true, checklist: true, checklistItems: true, tickedItems: true } },
      photos: { select: { id: true, label: true, createdAt: true, sentAt: true, thumbnail: { select: { photoId: true } } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!deal) throw errors.notFound('No such cleaning.');
  const { visit } = deal;
  const current = visitChecklist({ serviceType: deal.serviceType, skus: deal.skus, rooms: deal.bookingRequest?.rooms });
  let report: Pick<VisitReport, 'checklistState' | 'items'>;
  if (visit?.doneAt) {
    const answers = (visit.checklist ?? {}) as Record<string, true | string>;
    report = {
      checklistState: 'done',
      items: keptItems(visit.checklistItems, deal.serviceType).map((i) => {
        const answer = answers[i.id];
        return { ...i, answer: answer === true ? 'ticked' : 'not_done', reason: typeof answer === 'string' ? answer : null };
      }),
    };
  } else {
    const ticked = new Set(visit?.tickedItems ?? []);
    report = { checklistState: visit ? 'in_progress' : 'none', items: current.items.map((i) => ({ ...i, answer: ticked.has(i.id) ? 'ticked' : 'open', reason: null })) };
  }
  return {
    ...report,
    checklistLabel: CHECKLISTS[current.family].label,
    photos: deal.photos.map((p) => ({
      id: p.id,
      label: isLabel(p.label) ? p.label : null,
      takenAt: p.createdAt.toISOString(),
      thumbnailUrl: p.thumbnail ? visitPhotoThumbnailPath(deal.id, p.id) : null,
      inHubSpot: p.sentAt !== null,
    })),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A photo's small copy, while it is kept (404 once purged, or for a photo of another cleaning). */
export async function visitPhotoThumbnail(db: Db, dealId: string, photoId: string): Promise<{ contentType: string; bytes: Uint8Array }> {
  const row = UUID.test(photoId) ? await db.visitPhotoThumbnail.findFirst({ where: { photoId, photo: { dealId } }, select: { contentType: true, bytes: true } }) : null;
  if (!row) throw errors.notFound('This photo has no small copy here (kept 90 days): see the deal in HubSpot.');
  return row;
}
