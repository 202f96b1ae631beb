import { z } from 'zod';
import { findProduct } from './catalogue';

/**
 * The checklist a cleaner goes through before tapping Done (docs/cleaner-day.md): one per service
 * family of the catalogue (catalogue.ts, services.ts). Item ids are stable (kept with each done
 * visit); labels are short enough for a phone held in a wet glove.
 */
export const CHECKLIST_FAMILIES = ['basic', 'deep', 'move', 'organization'] as const;
export type ChecklistFamily = (typeof CHECKLIST_FAMILIES)[number];

export interface ChecklistItem {
  id: string;
  label: string;
}

const item = (id: string, label: string): ChecklistItem => ({ id, label });

const BASIC: readonly ChecklistItem[] = [
  item('kitchen-surfaces', 'Kitchen counters and sink'),
  item('kitchen-appliances', 'Outside of appliances'),
  item('bathrooms', 'Bathrooms: toilet, shower, sink, mirror'),
  item('dusting', 'Dusting of reachable surfaces'),
  item('floors', 'Floors vacuumed and mopped'),
  item('trash', 'Trash emptied'),
];

export const CHECKLISTS: Readonly<Record<ChecklistFamily, { label: string; items: readonly ChecklistItem[] }>> = {
  basic: { label: 'Basic clean', items: BASIC },
  deep: {
    label: 'Deep clean',
    items: [
      ...BASIC,
      item('baseboards', 'Baseboards wiped'),
      item('doors-switches', 'Doors, handles and light switches'),
      item('cabinet-fronts', 'Cabinet fronts'),
      item('grout-scale', 'Bathroom grout and limescale'),
    ],
  },
  move: {
    label: 'Move in/out clean',
    items: [
      item('kitchen-surfaces', 'Kitchen counters and sink'),
      item('inside-cabinets', 'Inside cabinets and drawers'),
      item('appliances-inside', 'Inside fridge and oven'),
      item('bathrooms', 'Bathrooms: toilet, shower, sink, mirror'),
      item('closets', 'Closets and shelves'),
      item('baseboards', 'Baseboards wiped'),
      item('floors', 'Floors vacuumed and mopped'),
      item('trash', 'Trash emptied'),
    ],
  },
  organization: {
    label: 'Organization',
    items: [
      item('areas-agreed', 'Areas agreed with the customer done'),
      item('items-sorted', 'Items sorted and put away'),
      item('labels', 'Containers labelled'),
      item('trash', 'Trash and donations bagged'),
    ],
  },
};

/**
 * The checklist family of a deal's service: a catalogue product id (basic-1500, recurring-deep-2000,
 * move-refresh-2001, organization-hourly), or a family's name as the booking form and HubSpot keep
 * it ('Deep Clean', 'Full Move Service'). Anything else gets the basic list.
 */
export function checklistFamily(serviceType: string | null): ChecklistFamily {
  const key = (findProduct(serviceType ?? '')?.id ?? serviceType ?? '').toLowerCase();
  if (key.includes('organi')) return 'organization';
  if (key.includes('move')) return 'move';
  if (key.includes('deep')) return 'deep';
  return 'basic';
}

/** The error texts of the done form (asserted word for word by its tests). */
export const CHECKLIST_REASON_NEEDED = 'Tick it, or say why it was not done (3 to 200 characters).';
export const CHECKLIST_ITEM_UNKNOWN = 'This is not on the checklist of this cleaning.';

/** One item as the done form sends it: ticked, or not ticked with the reason. */
const checklistAnswerSchema = z.strictObject({ ticked: z.boolean(), reason: z.string().optional() });
export type ChecklistAnswer = z.input<typeof checklistAnswerSchema>;

/** What a done visit keeps: item id to true (ticked) or the reason it was not done. */
export type ChecklistResult = Record<string, true | string>;

/**
 * POST /api/cleaner/deals/:id/done for a cleaning of `family`: every item of its checklist either
 * ticked or, unticked, given a reason of 3 to 200 characters. An error names `checklist.<itemId>`.
 * The output is what the visit keeps (ChecklistResult).
 */
export function visitDoneSchema(family: ChecklistFamily) {
  const items = CHECKLISTS[family].items;
  const ids = new Set(items.map((i) => i.id));
  return z
    .strictObject({ checklist: z.record(z.string(), checklistAnswerSchema) })
    .superRefine(({ checklist }, ctx) => {
      for (const { id } of items) {
        const answer = checklist[id];
        const reason = answer?.reason?.trim() ?? '';
        if (!answer || (!answer.ticked && (reason.length < 3 || reason.length > 200))) {
          ctx.addIssue({ code: 'custom', path: ['checklist', id], message: CHECKLIST_REASON_NEEDED });
        }
      }
      for (const id of Object.keys(checklist)) {
        if (!ids.has(id)) ctx.addIssue({ code: 'custom', path: ['checklist', id], message: CHECKLIST_ITEM_UNKNOWN });
      }
    })
    .transform(({ checklist }): { checklist: ChecklistResult } => ({
      checklist: Object.fromEntries(items.map(({ id }) => [id, checklist[id]!.ticked ? true : checklist[id]!.reason!.trim()])),
    }));
}
export type VisitDoneInput = z.input<ReturnType<typeof visitDoneSchema>>;
