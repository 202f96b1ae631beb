import { z } from 'zod';
import { CHECKLIST_GROUPS } from './cleaning-checklists';
import { PHOTO_LABELS } from './visit-photos';

/**
 * What the office sees of a cleaner's visit on the cleaning's page (docs/cleaner-day.md#what-the-office-sees):
 * the checklist's answers (ticked, not done and why, or still open while the cleaning goes on)
 * and the photos with their small copies, for office staff only.
 */

export const CHECKLIST_ANSWERS = ['ticked', 'not_done', 'open'] as const;
export type ChecklistAnswerKind = (typeof CHECKLIST_ANSWERS)[number];

export const visitReportSchema = z.object({
  /** done: the answers kept at Done; in_progress: the ticks so far; none: no tap yet. */
  checklistState: z.enum(['done', 'in_progress', 'none']),
  checklistLabel: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      group: z.enum(CHECKLIST_GROUPS),
      answer: z.enum(CHECKLIST_ANSWERS),
      /** Why it was not done (not_done only). */
      reason: z.string().nullable(),
    }),
  ),
  photos: z.array(
    z.object({
      id: z.string(),
      label: z.enum(PHOTO_LABELS).nullable(),
      takenAt: z.string(),
      /** The small copy's address (office staff only); null once purged or never made. */
      thumbnailUrl: z.string().nullable(),
      /** The photo is on a note of the deal in HubSpot. */
      inHubSpot: z.boolean(),
    }),
  ),
});
export type VisitReport = z.output<typeof visitReportSchema>;

/** GET of a photo's small copy (office staff only). */
export const visitPhotoThumbnailPath = (dealId: string, photoId: string) =>
  `/api/internal/admin/deals/${encodeURIComponent(dealId)}/photos/${encodeURIComponent(photoId)}/thumbnail`;
export const visitReportPath = (dealId: string) => `/api/internal/admin/deals/${encodeURIComponent(dealId)}/visit-report`;
