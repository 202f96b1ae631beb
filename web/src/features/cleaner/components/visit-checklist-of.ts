import { CHECKLISTS, type VisitChecklist } from '@app/shared/cleaning-checklists';
import type { CleanerCleaning } from '@app/shared/cleaner-day';

/** The visit's own checklist, as the api composed it; an older answer without one gets its family's list. */
export function checklistOf(cleaning: Pick<CleanerCleaning, 'checklist' | 'checklistFamily'>): VisitChecklist {
  if (cleaning.checklist) return cleaning.checklist;
  const family = CHECKLISTS[cleaning.checklistFamily];
  return { family: cleaning.checklistFamily, label: family.label, items: family.items.map((i) => ({ ...i, group: 'service' as const })) };
}
