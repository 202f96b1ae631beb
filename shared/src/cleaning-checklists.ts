import { z } from 'zod';
import { findProduct } from './catalogue';
import { roomsSchema } from './rooms';

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

/** Where an item of a visit's checklist comes from: the service, a paid add-on, a room the customer listed. */
export const CHECKLIST_GROUPS = ['service', 'add-on', 'room'] as const;
export type ChecklistGroup = (typeof CHECKLIST_GROUPS)[number];
export const CHECKLIST_GROUP_LABELS: Readonly<Record<ChecklistGroup, string>> = { service: 'The service', 'add-on': 'Add-ons', room: 'Rooms' };

export const visitChecklistItemSchema = z.object({ id: z.string(), label: z.string(), group: z.enum(CHECKLIST_GROUPS) });
export type VisitChecklistItem = z.output<typeof visitChecklistItemSchema>;

/** A visit's own checklist, as My day shows it from Start on. */
export const visitChecklistSchema = z.object({ family: z.enum(CHECKLIST_FAMILIES), label: z.string(), items: z.array(visitChecklistItemSchema) });
export type VisitChecklist = z.output<typeof visitChecklistSchema>;

/** What a cleaner ticks for a paid add-on (catalogue product id), in words for the job; another add-on goes by its name. */
const ADD_ON_ITEMS: Readonly<Record<string, string>> = {
  'addon-oven': 'Inside the oven',
  'addon-refrigerator': 'Inside the fridge',
  'addon-microwave': 'Inside the microwave',
  'addon-interior-windows': 'Interior windows',
  'addon-trash-removal': 'Trash taken away',
  'addon-cabinet-organization': 'Cabinets organized',
  'addon-bulb-replacement': 'Bulbs replaced',
  'addon-carpet-shampooing': 'Carpets shampooed',
  'addon-pet-hair-surcharge': 'Pet hair removed',
};

const ROOM_ITEMS = [
  ['kitchen', 'Kitchen'],
  ['livingRoom', 'Living room'],
  ['diningRoom', 'Dining room'],
  ['office', 'Office'],
  ['laundryRoom', 'Laundry room'],
  ['basement', 'Basement'],
  ['garage', 'Garage'],
] as const;

/** 'Bathrooms (2)': a counted room, with how many. */
const counted = (n: number, one: string, many: string) => (n === 1 ? one : `${many} (${n})`);

/**
 * The checklist of one visit (docs/cleaner-day.md#checklists): the service family's items, then
 * one per paid add-on of the deal (its products of type Add On, in the deal's order, each once),
 * then one per room the customer listed on the booking (unreadable rooms list none). Ids are
 * stable: the service's own, the add-on's product id, `room-<room>`.
 */
export function visitChecklist(visit: { serviceType: string | null; skus?: readonly string[] | null; rooms?: unknown }): VisitChecklist {
  const family = checklistFamily(visit.serviceType);
  const items: VisitChecklistItem[] = CHECKLISTS[family].items.map((i) => ({ ...i, group: 'service' }));
  const seen = new Set(items.map((i) => i.id));
  for (const sku of visit.skus ?? []) {
    const product = findProduct(sku);
    if (product?.type !== 'Add On' || seen.has(product.id)) continue;
    seen.add(product.id);
    items.push({ id: product.id, label: ADD_ON_ITEMS[product.id] ?? product.name, group: 'add-on' });
  }
  const rooms = roomsSchema.safeParse(visit.rooms ?? {});
  if (rooms.success) {
    const r = rooms.data;
    const room = (id: string, label: string) => items.push({ id: `room-${id}`, label, group: 'room' });
    for (const [flag, label] of ROOM_ITEMS) if (r[flag]) room(flag, label);
    if (r.bathroomCount > 0) room('bathrooms', counted(r.bathroomCount, 'Bathroom', 'Bathrooms'));
    const bedrooms = r.mainLevelBedrooms + r.topLevelBedrooms;
    if (bedrooms > 0) room('bedrooms', counted(bedrooms, 'Bedroom', 'Bedrooms'));
    if (r.otherRooms > 0) room('other', counted(r.otherRooms, 'Other room', 'Other rooms'));
  }
  return { family, label: CHECKLISTS[family].label, items };
}

/** PUT /api/cleaner/deals/:id/checklist/:itemId: an item ticked (true) or unticked (false) as the cleaner goes. */
export const CHECKLIST_TICK_NEEDED = 'Say whether the item is ticked (true or false).';
export const checklistTickSchema = z.strictObject({ ticked: z.boolean({ message: CHECKLIST_TICK_NEEDED }) });

/** The answer of a tick: the items ticked so far. */
export const checklistTicksSchema = z.object({ ticked: z.array(z.string()) });
export type ChecklistTicks = z.output<typeof checklistTicksSchema>;

/** One item as the done form sends it: ticked, or not ticked with the reason. */
const checklistAnswerSchema = z.strictObject({ ticked: z.boolean(), reason: z.string().optional() });
export type ChecklistAnswer = z.input<typeof checklistAnswerSchema>;

/** What a done visit keeps: item id to true (ticked) or the reason it was not done. */
export type ChecklistResult = Record<string, true | string>;

/**
 * POST /api/cleaner/deals/:id/done for a visit's checklist (a family's list, or the visit's own of
 * visitChecklist): every item either ticked (in the body, or saved as the cleaner went: `saved`)
 * or, unticked, given a reason of 3 to 200 characters. Only the unticked need be in the body; a
 * body without `checklist` is the saved ticks alone. An error names `checklist.<itemId>`. The
 * output is what the visit keeps (ChecklistResult).
 */
export function visitDoneSchema(checklist: ChecklistFamily | readonly ChecklistItem[], saved: readonly string[] = []) {
  const items = typeof checklist === 'string' ? CHECKLISTS[checklist].items : checklist;
  const ids = new Set(items.map((i) => i.id));
  const savedTicks = new Set(saved);
  const isTicked = (id: string, answer: ChecklistAnswer | undefined) => savedTicks.has(id) || answer?.ticked === true;
  return z
    .strictObject({ checklist: z.record(z.string(), checklistAnswerSchema).default({}) })
    .superRefine(({ checklist }, ctx) => {
      for (const { id } of items) {
        const answer = checklist[id];
        const reason = answer?.reason?.trim() ?? '';
        if (!isTicked(id, answer) && (reason.length < 3 || reason.length > 200)) {
          ctx.addIssue({ code: 'custom', path: ['checklist', id], message: CHECKLIST_REASON_NEEDED });
        }
      }
      for (const id of Object.keys(checklist)) {
        if (!ids.has(id)) ctx.addIssue({ code: 'custom', path: ['checklist', id], message: CHECKLIST_ITEM_UNKNOWN });
      }
    })
    .transform(({ checklist }): { checklist: ChecklistResult } => ({
      checklist: Object.fromEntries(items.map(({ id }) => [id, isTicked(id, checklist[id]) ? true : checklist[id]!.reason!.trim()])),
    }));
}
export type VisitDoneInput = z.input<ReturnType<typeof visitDoneSchema>>;
